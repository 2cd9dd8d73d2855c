import { MAX_RATING } from '@toolshop/shared/constants';

/** Read-only stars with the number beside them, e.g. ★★★★☆ 4/5. */
export function RatingStars({ value }: { value: number }) {
  return (
    <div className="flex items-center gap-2">
      <span className="flex text-amber-500" role="img" aria-label={`Rated ${value} out of ${MAX_RATING}`}>
        {Array.from({ length: MAX_RATING }, (_, i) => (
          <svg key={i} viewBox="0 0 20 20" className="size-5" aria-hidden="true">
            <path
              fill={i < value ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.5"
              d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z"
            />
          </svg>
        ))}
      </span>
      <span className="text-sm font-semibold text-base-content/70" aria-hidden="true">
        {value}/{MAX_RATING}
      </span>
    </div>
  );
}
