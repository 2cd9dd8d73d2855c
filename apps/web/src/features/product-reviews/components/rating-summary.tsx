import type { ToolRating } from '@toolshop/shared/product-review';
import { AverageRating, reviewCount } from '../../../components/ui/average-rating';

/** A tool's rating: the average, the count, and how the stars spread (one bar per number of stars). */
export function RatingSummary({ rating }: { rating: ToolRating }) {
  return (
    <div className="flex flex-col gap-4">
      <AverageRating average={rating.average} count={rating.count} large />
      {rating.count > 0 && (
        <ul className="flex flex-col gap-2" aria-label="How customers rated it">
          {rating.histogram.map(({ stars, count }) => {
            const share = Math.round((count / rating.count) * 100);
            return (
              <li key={stars} className="grid grid-cols-[4.5rem_1fr_5.5rem] items-center gap-3 text-sm">
                <span>
                  {stars} star{stars === 1 ? '' : 's'}
                </span>
                <span className="h-2.5 overflow-hidden rounded-full bg-base-300" aria-hidden="true">
                  <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
                </span>
                <span className="text-base-content/80">{reviewCount(count)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
