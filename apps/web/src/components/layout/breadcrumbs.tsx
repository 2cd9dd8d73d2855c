import { Link } from 'react-router';

/** Where this page sits: each step a link, the page itself last. */
export function Breadcrumbs({ steps, current }: { steps: { to: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs mb-6 text-sm">
      <ul>
        {steps.map((step) => (
          <li key={step.to}>
            <Link to={step.to}>{step.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ul>
    </nav>
  );
}
