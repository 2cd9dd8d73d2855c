/** The heading every home page section opens with. */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <div className="mx-auto mt-3 h-1 w-16 rounded-full bg-primary" aria-hidden="true" />
      {subtitle && <p className="mt-4 text-base-content/70">{subtitle}</p>}
    </div>
  );
}
