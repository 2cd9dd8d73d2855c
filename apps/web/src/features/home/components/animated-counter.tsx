import { useEffect, useRef, useState } from 'react';

const DURATION_MS = 1800;

/** Asked in the browser only: the server's HTML (and a visitor without JavaScript) shows the figure. */
function canAnimate(): boolean {
  const reducedMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return !reducedMotion && typeof IntersectionObserver !== 'undefined';
}

/**
 * Counts from 0 up to `value` once the number scrolls into view. Screen readers and visitors who ask for
 * reduced motion get the final figure straight away.
 */
export function AnimatedCounter({ value, suffix }: { value: number; suffix: string }) {
  const [shown, setShown] = useState(value);
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || !canAnimate()) return;
    let frame = 0;
    const observer = new IntersectionObserver(([entry]) => {
      // Out of view: wait at 0 for the visitor to scroll down to it.
      if (!entry?.isIntersecting) return setShown(0);
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const progress = Math.min((now - start) / DURATION_MS, 1);
        const eased = 1 - (1 - progress) ** 3;
        setShown(Math.round(eased * value));
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value]);

  return (
    <>
      <span ref={ref} aria-hidden="true">
        {shown}
        {suffix}
      </span>
      <span className="sr-only">
        {value}
        {suffix}
      </span>
    </>
  );
}
