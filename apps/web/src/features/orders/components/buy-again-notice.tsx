import type { BuyAgainActionResult } from '../order-requests';

/** On the cart after Buy again: what went in, and what did not and why. */
export function BuyAgainNotice({ result }: { result: BuyAgainActionResult }) {
  if (!result.ok) {
    return (
      <p role="alert" className="alert alert-error alert-soft mt-6">
        {result.message}
      </p>
    );
  }
  const [added, ...problems] = result.notice;
  return (
    <div role="status" className="alert alert-info alert-soft mt-6 flex-col items-start gap-1">
      <p className="font-semibold">{added}</p>
      {problems.length > 0 && (
        <ul className="list-disc pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
