import { describe, expect, it } from 'vitest';
import { applyDeferredStylesheets } from '../../../../../src/client/lib/dom/deferred-stylesheets.ts';

function deferredLink(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.setAttribute('data-deferred-style', '');
  return link;
}

describe('applyDeferredStylesheets', () => {
  it('applies a stylesheet still downloading and waits for its load before resolving', async () => {
    const root = document.createElement('div');
    const link = deferredLink();
    root.append(link);
    let done = false;
    const ready = applyDeferredStylesheets(root).then(() => {
      done = true;
    });
    expect(link.media).toBe('all');
    await Promise.resolve();
    expect(done).toBe(false);
    link.dispatchEvent(new Event('load'));
    await ready;
    expect(done).toBe(true);
  });

  it('does not hang the first render when the stylesheet fails to load', async () => {
    const root = document.createElement('div');
    const link = deferredLink();
    root.append(link);
    const ready = applyDeferredStylesheets(root);
    link.dispatchEvent(new Event('error'));
    await expect(ready).resolves.toBeUndefined();
  });

  it('resolves at once when the page has no deferred stylesheet (the dev server)', async () => {
    await expect(applyDeferredStylesheets(document.createElement('div'))).resolves.toBeUndefined();
  });
});
