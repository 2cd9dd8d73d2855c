import { useSearchParams } from 'react-router';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  activityKindSchema,
  type ActivityQuery,
} from '@toolshop/shared/admin';
import { formatCount } from '@toolshop/shared/number-format';
import { Pager } from '../../../components/ui/pager';
import { formatMoment } from '../../../lib/date-format';
import { useActivity } from '../api';
import { ActivityDetails } from '../components/activity-details';

/** The filters and page a URL asks for (?kind=&actor=&page=); anything unknown is ignored. */
export function activityQueryOf(params: URLSearchParams): ActivityQuery {
  const kind = activityKindSchema.safeParse(params.get('kind'));
  const page = Number(params.get('page'));
  return {
    ...(kind.success ? { kind: kind.data } : {}),
    ...(params.get('actor') ? { actor: params.get('actor')! } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}

function useActivityQuery(): [
  ActivityQuery,
  (changes: Partial<Record<'kind' | 'actor' | 'page', string>>) => void,
] {
  const [params, setParams] = useSearchParams();
  const query = activityQueryOf(params);
  const update = (changes: Partial<Record<'kind' | 'actor' | 'page', string>>) =>
    setParams((current) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) current.set(key, value);
        else current.delete(key);
      }
      return current;
    });
  return [query, update];
}

/** Decision 021's activity log: every admin action, newest first, filtered by kind and by person. */
export function ActivityPage() {
  const [query, update] = useActivityQuery();
  const { items, total, page, limit, actors } = useActivity(query);
  const pages = Math.max(1, Math.ceil(total / limit));

  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-bold">Activity Log</h2>
      <form
        role="search"
        aria-label="Filter the activity log"
        className="flex flex-wrap gap-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="fieldset py-0">
          <span className="fieldset-legend pb-1 pt-0 text-sm">What</span>
          <select
            className="select w-full sm:w-56"
            value={query.kind ?? ''}
            onChange={(event) => update({ kind: event.target.value, page: '' })}
          >
            <option value="">Every action</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {ACTIVITY_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="fieldset py-0">
          <span className="fieldset-legend pb-1 pt-0 text-sm">Who</span>
          <select
            className="select w-full sm:w-64"
            value={query.actor ?? ''}
            onChange={(event) => update({ actor: event.target.value, page: '' })}
          >
            <option value="">Everyone</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} ({actor.email})
              </option>
            ))}
          </select>
        </label>
      </form>

      <p className="text-sm text-base-content/70" aria-live="polite">
        {total === 1 ? '1 entry' : `${formatCount(total)} entries`}
        {pages > 1 && `, page ${page} of ${pages}`}
      </p>

      {items.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center text-base-content/70">
          Nothing recorded yet.
        </p>
      ) : (
        <ol aria-label="Activity, newest first" className="grid gap-3">
          {items.map((entry) => (
            <li key={entry._id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold">
                  {ACTIVITY_KIND_LABELS[entry.kind]}:{' '}
                  <span className="break-words">{entry.subject.label}</span>
                </p>
                <time dateTime={entry.createdAt} className="text-sm text-base-content/70">
                  {formatMoment(entry.createdAt, { withSeconds: true })}
                </time>
              </div>
              <p className="mt-1 text-sm break-words">
                by {entry.actor.name} ({entry.actor.email}){entry.ip && <> from {entry.ip}</>}
              </p>
              <ActivityDetails details={entry.details} />
            </li>
          ))}
        </ol>
      )}

      <Pager
        label="Activity pages"
        page={page}
        pages={pages}
        onPage={(next) => update({ page: next > 1 ? String(next) : '' })}
      />
    </div>
  );
}
