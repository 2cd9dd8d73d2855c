interface PagerProps {
  /** Names the navigation landmark, e.g. "Product pages". */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/**
 * Previous and Next through a paged list; nothing when it fits on one page. Where the reader is, "page 2
 * of 5", belongs in the list's own live summary: this shows it only to sighted users.
 */
export function Pager({ label, page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="join self-center">
      <button type="button" className="btn join-item" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="btn btn-disabled join-item" aria-hidden="true">
        {page} / {pages}
      </span>
      <button
        type="button"
        className="btn join-item"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
