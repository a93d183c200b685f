// A seconds countdown measured against the clock (so a throttled background tab stays correct).
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  const start = useCallback((seconds: number) => {
    setEndsAt(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, []);

  useEffect(() => {
    if (endsAt === null) return;
    const id = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        clearInterval(id);
        setEndsAt(null);
      }
    }, 1000);
    return () => clearInterval(id);
  }, [endsAt]);

  return { remaining, start };
}
