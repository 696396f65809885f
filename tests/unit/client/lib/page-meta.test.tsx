// usePageMeta: the page's title with the platform's after it and its meta description while it is shown,
// both restored when it is left; a long description is cut to a search snippet's length.
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePageMeta } from '../../../../src/client/lib/page-meta.ts';

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? null;

beforeEach(() => {
  document.head.innerHTML = '<title>平台</title><meta name="description" content="平台简介">';
});
afterEach(cleanup);

describe('usePageMeta', () => {
  it('sets the title and description while mounted and restores both after', () => {
    const view = renderHook(({ title, text }) => usePageMeta(title, text), {
      initialProps: { title: '新闻标题', text: '新闻摘要' },
    });
    expect(document.title).toMatch(/^新闻标题 - .+/);
    expect(description()).toBe('新闻摘要');
    view.rerender({ title: '另一篇', text: '另一篇摘要' });
    expect(document.title).toMatch(/^另一篇 - /);
    expect(description()).toBe('另一篇摘要');
    view.unmount();
    expect(document.title).toBe('平台');
    expect(description()).toBe('平台简介');
  });

  it('leaves them be while the title is not known yet; adds the tag when the page has none', () => {
    document.head.innerHTML = '<title>平台</title>';
    const view = renderHook(({ title }) => usePageMeta(title, 'x'.repeat(300)), {
      initialProps: { title: null as string | null },
    });
    expect(document.title).toBe('平台');
    expect(description()).toHaveLength(160);
    view.rerender({ title: '招聘' });
    expect(document.title).toMatch(/^招聘 - /);
    view.unmount();
    expect(description()).toBe('');
  });
});
