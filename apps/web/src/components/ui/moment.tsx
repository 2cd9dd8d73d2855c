import { formatMoment } from '../../lib/date-format';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A moment on a page rendered on the server: in UTC (named) until the page is hydrated, so the server's
 * HTML and the browser's first render agree, then in the viewer's own time zone.
 */
export function Moment({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {formatMoment(iso, { inUtc: !hydrated })}
    </time>
  );
}
