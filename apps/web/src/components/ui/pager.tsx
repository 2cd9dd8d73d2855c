import { Link } from 'react-router';

interface PagerProps {
  /** Names the navigation landmark, e.g. "Product pages". */
  label: string;
  page: number;
  pages: number;
  /** Either buttons that call this… */
  onPage?: (page: number) => void;
  /** …or links to each page's address, which work before (and without) JavaScript. */
  hrefOf?: (page: number) => string;
}

/**
 * Previous and Next through a paged list; nothing when it fits on one page. Where the reader is, "page 2
 * of 5", belongs in the list's own live summary: this shows it only to sighted users.
 */
export function Pager({ label, page, pages, onPage, hrefOf }: PagerProps) {
  if (pages <= 1) return null;
  const step = (to: number, text: string, disabled: boolean) => {
    if (hrefOf && !disabled) {
      return (
        <Link to={hrefOf(to)} className="btn join-item">
          {text}
        </Link>
      );
    }
    return (
      <button type="button" className="btn join-item" disabled={disabled} onClick={() => onPage?.(to)}>
        {text}
      </button>
    );
  };
  return (
    <nav aria-label={label} className="join self-center">
      {step(page - 1, 'Previous', page <= 1)}
      {/* Not a disabled button's faint grey: the reader's place must be legible (4.5:1, decision 040). */}
      <span className="btn join-item pointer-events-none" aria-hidden="true">
        {page} / {pages}
      </span>
      {step(page + 1, 'Next', page >= pages)}
    </nav>
  );
}
