// @vitest-environment node
// The build step of the server's first paint (scripts/web/first-paint.ts): the class names of a sample
// render, and the rules of the built stylesheets that markup can use.
import { describe, expect, it } from 'vitest';
import { classNames, criticalCss } from '../../../scripts/web/first-paint.ts';

describe('first paint CSS', () => {
  it('reads every class of the markup', () => {
    const names = classNames(
      '<div class="m_1 mantine-Card-root"><p class=" m_2  x ">a</p><i class="">b</i></div>',
    );
    expect([...names].sort()).toEqual(['m_1', 'm_2', 'mantine-Card-root', 'x']);
  });

  it('keeps the rules whose classes the markup uses, the baseline, in their order, and not the dark scheme’s', () => {
    const css = [
      'body{margin:0}',
      '.m_1{color:red}',
      '.m_9{color:blue}',
      '.m_1 .m_2,.m_9 .m_2{padding:0}',
      '.m_1:where([data-with-border]){border:1px solid}',
      '[data-mantine-color-scheme=dark] .m_1{color:white}',
      '@media (min-width:48em){.m_9{gap:1px}.m_2{gap:2px}}',
      '@media (min-width:62em){.m_9{gap:1px}}',
      '@keyframes spin{from{opacity:0}to{opacity:1}}',
    ].join('');
    const kept = criticalCss(css, '<div class="m_1"><p class="m_2">x</p></div>');
    expect(kept).toBe(
      'body{margin:0}.m_1{color:red}.m_1 .m_2{padding:0}.m_1:where([data-with-border]){border:1px solid}@media (min-width:48em){.m_2{gap:2px}}',
    );
  });

  it('keeps the custom properties the markup and the kept rules use, and those they use in turn', () => {
    const css = [
      ':root{--a:1px;--b:var(--c);--c:2px;--d:3px;--unused:var(--d)}',
      '.m_1{padding:var(--b)}',
      '.m_9{margin:var(--d)}',
    ].join('');
    const kept = criticalCss(css, '<p class="m_1" style="margin:var(--a)">x</p>');
    expect(kept).toBe(':root{--a:1px;--b:var(--c);--c:2px}.m_1{padding:var(--b)}');
  });
});
