import type { ReactNode } from 'react';
import { portfolio } from '../../../content/portfolio';

function PortfolioSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-box bg-base-100 p-6 shadow-sm sm:p-8">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function PortfolioPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:px-6 lg:py-16">
      <header className="flex flex-col items-center gap-6 rounded-box bg-secondary p-8 text-center text-secondary-content shadow-xl sm:flex-row sm:text-left">
        <img
          src={portfolio.avatar}
          alt={`Portrait of ${portfolio.name}`}
          width="160"
          height="160"
          className="size-36 rounded-full border-4 border-primary bg-base-100 object-cover"
        />
        <div>
          <h1 className="text-4xl font-extrabold">{portfolio.name}</h1>
          <p className="mt-1 text-xl font-semibold text-primary-on-dark">{portfolio.title}</p>
          <p className="mt-3">
            <a href={`mailto:${portfolio.email}`} className="link link-hover text-slate-200">
              {portfolio.email}
            </a>
          </p>
          <p className="mt-1 text-sm text-slate-400">{portfolio.contactLine}</p>
          <p className="mt-4 max-w-2xl text-slate-300">{portfolio.summary}</p>
        </div>
      </header>

      <PortfolioSection id="education-heading" title="Education">
        <ol className="relative space-y-6 border-l-2 border-primary/30 pl-6">
          {portfolio.education.map((entry) => (
            <li key={entry.degree} className="relative">
              <span
                className="absolute -left-[31px] top-1.5 size-3 rounded-full bg-primary"
                aria-hidden="true"
              />
              <h3 className="font-semibold">{entry.degree}</h3>
              <p className="text-base-content/70">{entry.institution}</p>
              <p className="text-sm text-base-content/60">Passing year: {entry.passingYear}</p>
            </li>
          ))}
        </ol>
      </PortfolioSection>

      <PortfolioSection id="skills-heading" title="Technologies & Skills">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {portfolio.skillGroups.map((group) => (
            <div key={group.title}>
              <h3 className="font-semibold">{group.title}</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {group.items.map((item) => (
                  <li key={item} className="badge badge-soft badge-primary">
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </PortfolioSection>

      <PortfolioSection id="projects-heading" title="Some of my project">
        <ul className="grid gap-4 md:grid-cols-3">
          {portfolio.projects.map((project) => (
            <li key={project.url} className="flex flex-col rounded-box border border-base-300 p-5">
              <h3 className="font-semibold">{project.title}</h3>
              <p className="mt-2 flex-1 text-sm text-base-content/70">{project.description}</p>
              <a
                href={project.url}
                target="_blank"
                rel="noreferrer noopener"
                className="btn btn-outline btn-primary btn-sm mt-4"
              >
                {/* The name starts with the visible words (WCAG 2.5.3), then says which project and where. */}
                View project<span className="sr-only">: {project.title} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </PortfolioSection>
    </div>
  );
}
