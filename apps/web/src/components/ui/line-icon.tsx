import type { ReactNode } from 'react';

/**
 * A drawn icon of 24 × 24 units, its lines in the text's colour and hidden from assistive technology:
 * the control it sits in carries the name.
 */
export function LineIcon({ className = 'size-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
