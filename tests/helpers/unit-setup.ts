// jsdom lacks what Mantine and the storage module use in a browser.
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/dom';

// A page rendered through the router loads its lazy chunks first: on a loaded 2-core CI machine that
// alone can take longer than testing-library's default second for findBy and waitFor.
// (Seen at 6.5 s with browser tests running beside the unit tests.)
configure({ asyncUtilTimeout: 10_000 });

if (typeof window !== 'undefined') {
  // No query matches (a phone-sized screen is not assumed), except the empty one, which a browser
  // matches always: mantine-datatable shows a column whose visibleMediaQuery is unset through it.
  window.matchMedia ??= (query: string) =>
    ({
      matches: query.trim() === '',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver ??= ResizeObserverStub;
  Element.prototype.scrollIntoView ??= () => {};
  // mantine-datatable scrolls its viewport back to the top on a new page.
  Element.prototype.scrollTo ??= () => {};
  // No FontFaceSet: Mantine's autosize textarea listens on document.fonts.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
}
