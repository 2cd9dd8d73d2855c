import { BUSINESS_STATS } from '@toolshop/shared/constants';
import { SectionHeading } from '../../../components/ui/section-heading';
import { AnimatedCounter } from './animated-counter';

const icons: Record<(typeof BUSINESS_STATS)[number]['label'], string> = {
  'Happy Clients': 'M16 11a4 4 0 10-8 0 4 4 0 008 0zM4 21a8 8 0 0116 0',
  'Page Views': 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  'Clients Satisfaction': 'M12 21s-7-4.4-9.3-9A5.3 5.3 0 0112 6.3 5.3 5.3 0 0121.3 12C19 16.6 12 21 12 21z',
};

export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-heading" className="bg-base-100 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="summary-heading"
          title="Business Summary"
          subtitle="Repair shops around the world trust us with the tools they use every day."
        />
        <ul className="grid gap-6 sm:grid-cols-3">
          {BUSINESS_STATS.map((stat) => (
            <li
              key={stat.label}
              className="rounded-box border border-base-300 bg-base-200 p-8 text-center shadow-sm"
            >
              <svg
                viewBox="0 0 24 24"
                className="mx-auto size-10 text-primary"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                aria-hidden="true"
              >
                <path d={icons[stat.label]} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <p className="mt-4 text-5xl font-extrabold tabular-nums text-secondary">
                <AnimatedCounter value={stat.value} suffix={stat.suffix} />
              </p>
              <p className="mt-2 text-lg font-semibold text-base-content/70">{stat.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
