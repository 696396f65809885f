// @vitest-environment node
// The portal's home page as the server paints it (src/client/app/first-paint/portal.tsx): the page's own
// banner carousel from the banners' first answer, in the page's language and size, every value written as
// text.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../../../src/client/app/first-paint/portal.tsx';
import { language } from '../../../../../src/client/lib/state/preferences.ts';
import type { Banner } from '../../../../../src/shared/portal/schema.ts';

const evil = '</p><script>alert(1)</script><img src=x onerror=alert(2)>';

const banner = (id: number, overrides: Partial<Banner> = {}): Banner => ({
  id,
  title: `2026 年电工职业技能等级认定 ${id}`,
  image_url: `/api/v1/uploads/banner-${id}.png`,
  link: '/enroll',
  sort: id,
  ...overrides,
});

const zh = { lang: 'zh', size: 'medium' } as const;
const saved = language.value;
afterEach(() => {
  language.value = saved;
});

describe('the home page’s banners painted for the server', () => {
  it('draws the page’s carousel with the first banner shown and asked for first, marked as the paint', async () => {
    const html = await render({ data: [banner(1), banner(2), banner(3)] }, zh);
    expect(html).toContain('data-first-paint="portal"');
    expect(html).toContain('data-testid="banner-carousel"');
    expect(html.match(/data-testid="banner-\d"/g)).toEqual([
      'data-testid="banner-1"',
      'data-testid="banner-2"',
      'data-testid="banner-3"',
    ]);
    // The first slide is the one shown, its image the first screen's largest, asked for at high priority.
    expect(html).toMatch(
      /<img src="\/api\/v1\/uploads\/banner-1\.png" alt="" loading="eager" fetchPriority="high"/i,
    );
    expect(html).toContain('aria-hidden="false" tabindex="0" data-testid="banner-1"');
    expect(html).toContain('aria-hidden="true" tabindex="-1" data-testid="banner-2"');
    expect(html).toContain('2026 年电工职业技能等级认定 1');
    // A dot for each banner, in the page's language; the page's container with the theme's variables.
    expect(html).toContain('aria-label="第 1 张"');
    expect(html.match(/aria-current=/g)).toHaveLength(3);
    expect(html).toContain('mantine-Container-root');
    expect(html).toContain('--mantine-color-brand-6');
  });

  it('writes a banner title with markup in it as text', async () => {
    const html = await render({ data: [banner(1, { title: evil })] }, zh);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // One banner: no dots.
    expect(html).not.toContain('aria-current=');
  });

  it('draws nothing for no banners or an answer that is no list of banners', async () => {
    expect(await render({ data: [] }, zh)).toBe('');
    expect(await render(undefined, zh)).toBe('');
    expect(await render({ message: 'x' }, zh)).toBe('');
  });

  it('speaks the page’s language and scales with its size', async () => {
    const two = { data: [banner(1), banner(2)] };
    const english = await render(two, { lang: 'en', size: 'medium' });
    expect(english).not.toContain('第 1 张');
    expect(english).toMatch(/aria-label="[A-Za-z ]+1"/);
    const mini = await render(two, { lang: 'zh', size: 'mini' });
    expect(mini).toContain('--mantine-scale: 0.8');
  });
});
