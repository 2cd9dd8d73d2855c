/** "+12% vs. the 7 days before": the change of a figure against the period before, in words and colour. */
export function PeriodChange({
  current,
  previous,
  against,
}: {
  current: number;
  previous: number;
  against: string;
}) {
  if (previous === 0) {
    return (
      <span className="text-base-content/70">
        {current === 0 ? 'No change' : 'New'} vs. {against}
      </span>
    );
  }
  const percent = Math.round(((current - previous) / previous) * 1000) / 10;
  if (percent === 0) return <span className="text-base-content/70">No change vs. {against}</span>;
  const up = percent > 0;
  return (
    <span className={up ? 'text-success' : 'text-error'}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      {up ? '+' : '−'}
      {Math.abs(percent).toLocaleString('en-US')}% vs. {against}
    </span>
  );
}
