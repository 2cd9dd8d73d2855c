import { useState, type ReactNode } from 'react';

interface ListControlsProps<S extends string> {
  /** The search form's accessible name, e.g. "Find orders". */
  name: string;
  searchLabel: string;
  filters: { q?: string; sort: S };
  /** The sorts offered, in order, with their labels. */
  sortLabels: Record<S, string>;
  /** A new search or sort starts again from the first page. */
  onChange: (changes: { q?: string; sort?: S }) => void;
  /** Filters shown before the search (Manage All Orders' status). */
  children?: ReactNode;
}

/**
 * A back-office list's search (sent on Enter or Search, not on every key) and sort. The page mounts it anew
 * for each search in the URL (a `key`), so Back shows the search it returns to.
 */
export function ListControls<S extends string>({
  name,
  searchLabel,
  filters,
  sortLabels,
  onChange,
  children,
}: ListControlsProps<S>) {
  const [text, setText] = useState(filters.q ?? '');
  const sorts = Object.keys(sortLabels) as S[];
  return (
    <form
      role="search"
      aria-label={name}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text.trim() });
      }}
    >
      {children}
      <div className="flex w-full items-end gap-2 sm:w-auto">
        <label className="fieldset grow py-0">
          <span className="fieldset-legend pt-0 pb-1 text-sm">{searchLabel}</span>
          <input
            type="search"
            className="input w-full sm:w-64"
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary btn-outline">
          Search
        </button>
      </div>
      <label className="fieldset w-full py-0 sm:w-auto">
        <span className="fieldset-legend pt-0 pb-1 text-sm">Sort by</span>
        <select
          className="select w-full sm:w-72"
          value={filters.sort}
          onChange={(event) => {
            const sort = sorts.find((candidate) => candidate === event.target.value);
            if (sort) onChange({ sort });
          }}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
