import type { ActivityEntry } from '@toolshop/shared/admin';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** What an entry records beyond who and what: each changed field as before → after, other facts as key: value. */
export function ActivityDetails({ details }: { details: ActivityEntry['details'] }) {
  const { changes, ...facts } = details;
  const changed =
    changes && typeof changes === 'object' && !Array.isArray(changes)
      ? Object.entries(changes as Record<string, { before?: unknown; after?: unknown }>)
      : [];
  const lines = [
    ...changed.map(([field, change]) => ({ field, text: `${show(change.before)} → ${show(change.after)}` })),
    ...Object.entries(facts).map(([field, value]) => {
      const change = value as { before?: unknown; after?: unknown } | null;
      return change && typeof change === 'object' && 'before' in change && 'after' in change
        ? { field, text: `${show(change.before)} → ${show(change.after)}` }
        : { field, text: show(value) };
    }),
  ];
  if (lines.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {lines.map((line) => (
        <div key={line.field} className="contents">
          <dt className="text-base-content/70">{line.field}</dt>
          <dd className="break-words">{line.text}</dd>
        </div>
      ))}
    </dl>
  );
}
