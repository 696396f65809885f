// A light carousel (no carousel library): one slide at a time, auto-advancing every 5 s unless the
// pointer is over it or the tab is hidden, with dots and swipe on phones. Only the current slide's
// neighbours load their images eagerly.
import { AspectRatio, Box, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { isExternal } from '../../../lib/utils/validate.ts';
import type { Banner } from '../api.ts';

const INTERVAL_MS = 5_000;

export function BannerCarousel({ banners, loading }: { banners: Banner[]; loading: boolean }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  /** Banners whose image did not load (weak network): shown as their title on the theme colour. */
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const touchStart = useRef<number | null>(null);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % count);
    }, INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (loading) {
    return (
      <AspectRatio ratio={16 / 5}>
        <Skeleton radius="md" data-testid="banner-loading" />
      </AspectRatio>
    );
  }
  if (count === 0) return null;
  const current = Math.min(index, count - 1);

  const open = (banner: Banner) => {
    if (!banner.link) return;
    if (isExternal(banner.link)) window.open(banner.link, '_blank', 'noopener');
    else navigate(banner.link);
  };

  return (
    <Box
      pos="relative"
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onTouchStart={(event) => (touchStart.current = event.touches[0]?.clientX ?? null)}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = event.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < 40) return;
        setIndex((current + (end < start ? 1 : count - 1)) % count);
      }}
      data-testid="banner-carousel"
      aria-roledescription="carousel"
    >
      <Box
        style={{
          display: 'flex',
          transform: `translateX(-${current * 100}%)`,
          transition: 'transform 400ms ease',
        }}
      >
        {banners.map((banner, i) => (
          <UnstyledButton
            key={banner.id}
            onClick={() => open(banner)}
            pos="relative"
            style={{ flex: '0 0 100%' }}
            aria-hidden={i !== current}
            tabIndex={i === current ? 0 : -1}
            data-testid={`banner-${banner.id}`}
          >
            <AspectRatio ratio={16 / 5} bg="brand.1">
              {broken.has(banner.id) ? (
                <Box bg="brand.6" />
              ) : (
                <img
                  src={banner.image_url}
                  alt=""
                  loading={Math.abs(i - current) <= 1 ? 'eager' : 'lazy'}
                  // The first banner is the largest image of the first screen; the server preloads it too.
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  onError={() => setBroken((set) => new Set(set).add(banner.id))}
                  style={{ objectFit: 'cover', width: '100%', height: '100%' }}
                />
              )}
            </AspectRatio>
            <Text
              pos="absolute"
              bottom={0}
              left={0}
              right={0}
              px="md"
              py={6}
              c="white"
              fz={{ base: 'xs', sm: 'sm' }}
              truncate="end"
              style={{ background: 'linear-gradient(transparent, rgba(0,0,0,0.55))' }}
            >
              {banner.title}
            </Text>
          </UnstyledButton>
        ))}
      </Box>
      {count > 1 && (
        <Group gap={0} pos="absolute" bottom={0} right={4}>
          {banners.map((banner, i) => (
            // The dot is small; its button is a 24 px tap target (WCAG 2.5.8).
            <UnstyledButton
              key={banner.id}
              onClick={() => setIndex(i)}
              aria-label={t('portal.slide', { n: i + 1 })}
              aria-current={i === current}
              miw={24}
              h={24}
              px={3}
              style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            >
              <Box
                w={i === current ? 18 : 8}
                h={8}
                bg={i === current ? 'white' : 'rgba(255,255,255,0.55)'}
                style={{ borderRadius: 4, transition: 'width 200ms' }}
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Box>
  );
}
