import { MAX_RATING } from '@toolshop/shared/constants';
import { formatCount } from '@toolshop/shared/number-format';

const STAR = 'M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z';

/** "12 reviews", "1 review". */
export const reviewCount = (count: number) => `${formatCount(count)} review${count === 1 ? '' : 's'}`;

/**
 * A tool's customers' rating at a glance (cards, the product page): stars filled to the nearest half, the
 * average and how many reviews it comes from; "No reviews yet" without any.
 */
export function AverageRating({
  average,
  count,
  large = false,
}: {
  average: number | null;
  count: number;
  large?: boolean;
}) {
  const size = large ? 'size-6' : 'size-4';
  if (average === null || count === 0) {
    return <p className="text-sm text-base-content/70">No reviews yet</p>;
  }
  const halves = Math.round(average * 2);
  const shown = average.toFixed(1);
  return (
    <p className="flex items-center gap-2">
      <span className="flex text-amber-600" role="img" aria-label={`Rated ${shown} out of ${MAX_RATING}`}>
        {Array.from({ length: MAX_RATING }, (_, i) => {
          // Filled to the nearest half: a filled star over the outline, cut to its width.
          const filled = Math.min(Math.max(halves - i * 2, 0), 2);
          return (
            <span key={i} className={`relative ${size}`}>
              <svg viewBox="0 0 20 20" className={`absolute inset-0 ${size}`} aria-hidden="true">
                <path fill="none" stroke="currentColor" strokeWidth="1.5" d={STAR} />
              </svg>
              {filled > 0 && (
                <span
                  className={`absolute inset-y-0 left-0 overflow-hidden ${filled === 2 ? 'w-full' : 'w-1/2'}`}
                >
                  <svg viewBox="0 0 20 20" className={size} aria-hidden="true">
                    <path fill="currentColor" stroke="currentColor" strokeWidth="1.5" d={STAR} />
                  </svg>
                </span>
              )}
            </span>
          );
        })}
      </span>
      <span className={`${large ? 'text-base' : 'text-sm'} text-base-content/80`}>
        <span className="font-semibold" aria-hidden="true">
          {shown}
        </span>{' '}
        ({reviewCount(count)})
      </span>
    </p>
  );
}
