// Animates a number from 0 to `target` over `duration` ms (1500 ms by default).
// Jumps straight to the target when the visitor prefers reduced motion.
import { useEffect, useState } from 'react';

export const COUNT_UP_MS = 1500;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useCountUp(target: number, duration = COUNT_UP_MS): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (duration <= 0 || prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
      const id = setTimeout(() => setValue(target), 0);
      return () => clearTimeout(id);
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      const eased = 1 - Math.pow(1 - progress, 3);
      setValue(target * eased);
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, duration]);
  return value;
}
