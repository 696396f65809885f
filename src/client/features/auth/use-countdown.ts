// The SMS send button's countdown: seconds left, ticking down to 0 from the moment start() was called.
// Computed from the end time, so a throttled background tab does not slow it down.
import { useCallback, useEffect, useState } from 'react';

export const SMS_RESEND_SECONDS = 60;

export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export function useCountdown(): { remaining: number; start: (seconds?: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) {
        clearInterval(timer);
        setEndsAt(null);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number = SMS_RESEND_SECONDS) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);

  return { remaining: secondsLeft(endsAt, now), start };
}
