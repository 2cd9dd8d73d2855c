import { formatClockTime, formatDay, formatMoment } from '../../lib/date-format';
import { useHydrated } from '../../lib/use-hydrated';

const FORMATS = { moment: formatMoment, day: formatDay, clock: formatClockTime };

/**
 * A moment on a page rendered on the server: in UTC (named) until the page is hydrated, so the server's
 * HTML and the browser's first render agree, then in the viewer's own time zone. `show`: the whole moment,
 * its day, or its time on a clock.
 */
export function Moment({
  iso,
  show = 'moment',
  className,
}: {
  iso: string;
  show?: keyof typeof FORMATS;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {FORMATS[show](iso, { inUtc: !hydrated })}
    </time>
  );
}
