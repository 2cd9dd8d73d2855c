import { Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface DataTableProps {
  /** Read by screen readers; shown when `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  columns: readonly string[];
  /** `<tr>` rows whose `<td>` cells follow `columns` in order. */
  children: ReactNode;
}

type CellProps = { 'data-label'?: string; colSpan?: number; children?: ReactNode };

/** Tags each row's cells with their column, so the phone layout can print the label beside the value. */
function labelCells(rows: ReactNode, columns: readonly string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<CellProps>(row)) return row;
    const cells = Children.toArray(row.props.children).map((cell, index) =>
      // A full-width cell (an empty-list message) belongs to no column.
      isValidElement<CellProps>(cell) && cell.props.colSpan === undefined && columns[index] !== undefined
        ? cloneElement(cell as ReactElement<CellProps>, { 'data-label': columns[index] })
        : cell,
    );
    return cloneElement(row, undefined, ...cells);
  });
}

/*
 * Below `sm` a table would push its last columns (the Pay and delete buttons) off-screen, so each row
 * becomes a card of "label value" lines instead; the table semantics stay for screen readers.
 */
const stacked = [
  'max-sm:[&_thead]:sr-only max-sm:[&_caption]:block',
  'max-sm:[&_table,&_tbody,&_tr,&_td]:block',
  'max-sm:[&_tr]:border-b max-sm:[&_tr]:border-base-300 max-sm:[&_tr]:py-2',
  'max-sm:[&_td]:grid max-sm:[&_td]:grid-cols-[7rem_minmax(0,1fr)] max-sm:[&_td]:items-center',
  'max-sm:[&_td]:gap-3 max-sm:[&_td]:py-1.5 max-sm:[&_td]:min-w-0 max-sm:[&_td]:whitespace-normal',
  'max-sm:[&_td]:before:content-[attr(data-label)] max-sm:[&_td]:before:font-semibold',
  'max-sm:[&_td]:before:text-base-content/60 max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:uppercase',
].join(' ');

/** The dashboard's tables: column headers from a list on wide screens, one card per row on phones. */
export function DataTable({ caption, showCaption = false, columns, children }: DataTableProps) {
  const captionId = useId();
  return (
    // A wide table scrolls sideways on mid-size screens: a named, focusable region lets keyboard users scroll it.
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={`overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm ${stacked}`}
    >
      {/* A little less side padding than daisyUI's: eight columns, the actions last, must fit a laptop's
          width in whichever typeface the page got (Inter, or the wider fallback while Inter loads). */}
      <table className="table [&_:is(th,td)]:px-3">
        <caption
          id={captionId}
          className={showCaption ? 'px-4 py-3 text-left text-lg font-semibold' : 'sr-only'}
        >
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
        <tbody>{labelCells(children, columns)}</tbody>
      </table>
    </div>
  );
}
