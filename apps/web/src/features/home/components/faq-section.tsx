import { useId, useState } from 'react';
import { faqEntries, type FaqEntry } from '../../../content/faq';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useHydrated } from '../../../lib/use-hydrated';

function FaqItem({ entry }: { entry: FaqEntry }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const hydrated = useHydrated();
  return (
    <div
      className={`collapse collapse-arrow border border-base-300 bg-base-100 ${open ? 'collapse-open' : 'collapse-close'}`}
    >
      <h3 className="collapse-title p-0 text-lg font-semibold">
        <button
          type="button"
          className="w-full cursor-pointer px-5 py-4 text-left"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
          disabled={!hydrated}
        >
          {entry.question}
        </button>
      </h3>
      <div id={panelId} role="region" aria-label={entry.question} hidden={!open} className="collapse-content">
        {entry.answer.map((paragraph) => (
          <p key={paragraph} className="mt-2 leading-relaxed text-base-content/80 first:mt-0">
            {paragraph}
          </p>
        ))}
      </div>
    </div>
  );
}

export function FaqSection() {
  return (
    <section aria-labelledby="faq-heading" className="bg-base-100 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-heading" title="FAQ" subtitle="Answers to what buyers ask us most." />
        <div className="space-y-4">
          {faqEntries.map((entry) => (
            <FaqItem key={entry.question} entry={entry} />
          ))}
        </div>
      </div>
    </section>
  );
}
