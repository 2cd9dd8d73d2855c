/** Shown in place of a section whose data could not be loaded. */
export function QueryError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft mx-auto max-w-xl">
      <span>We could not load {what}. Check your connection and try again.</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
