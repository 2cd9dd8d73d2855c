import { Link } from 'react-router';
import type { Tool } from '@toolshop/shared/tool';
import { SectionHeading } from '../../../components/ui/section-heading';
import { ToolGrid } from '../../tools';
import { paths } from '@toolshop/shared/paths';

/** The newest tools of the catalogue (SPEC §2, §9), and the way to all of them. */
export function FeaturedTools({ tools }: { tools: Tool[] }) {
  return (
    <section
      id="tools"
      aria-labelledby="tools-heading"
      className="mx-auto max-w-7xl scroll-mt-16 px-4 py-20 sm:px-6"
    >
      <SectionHeading
        id="tools-heading"
        title="Tools"
        subtitle="Workshop-grade tools for opening, testing and repairing computers, sold in repair-shop quantities."
      />
      <ToolGrid tools={tools} />
      <div className="mt-10 text-center">
        <Link to={paths.tools} className="btn btn-outline btn-secondary">
          See all tools
        </Link>
      </div>
    </section>
  );
}
