// Smooth scroll of the page (spec §9: pagination scrolls back to the top in 800 ms), eased in and out.
export function easeInOutQuad(t: number, start: number, change: number, duration: number): number {
  let time = t / (duration / 2);
  if (time < 1) return (change / 2) * time * time + start;
  time--;
  return (-change / 2) * (time * (time - 2) - 1) + start;
}

export function scrollTo(to: number, duration: number, done?: () => void): void {
  if (typeof window === 'undefined') return;
  const start = document.scrollingElement?.scrollTop ?? window.scrollY;
  const change = to - start;
  if (change === 0 || duration <= 0 || typeof requestAnimationFrame === 'undefined') {
    window.scrollTo(0, to);
    done?.();
    return;
  }
  const begin = performance.now();
  const step = (now: number) => {
    const elapsed = Math.min(now - begin, duration);
    window.scrollTo(0, easeInOutQuad(elapsed, start, change, duration));
    if (elapsed < duration) requestAnimationFrame(step);
    else done?.();
  };
  requestAnimationFrame(step);
}
