import type { ReactNode } from 'react';

interface DataTableProps {
  /** Read by screen readers; shown when `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  columns: readonly string[];
  children: ReactNode;
}

/** The dashboard's tables: a card that scrolls sideways on phones, with column headers from a list. */
export function DataTable({ caption, showCaption = false, columns, children }: DataTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm">
      <table className="table">
        <caption className={showCaption ? 'px-4 py-3 text-left text-lg font-semibold' : 'sr-only'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
