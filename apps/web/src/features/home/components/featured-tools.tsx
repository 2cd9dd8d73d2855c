import { HOME_TOOL_COUNT } from '@toolshop/shared/constants';
import { QueryError } from '../../../components/ui/query-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { useTools } from '../../tools/api';
import { ToolCard } from '../../tools/components/tool-card';

/** The first six tools of the catalogue (SPEC §2, §9). */
export function FeaturedTools() {
  const toolsQuery = useTools();
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
      {toolsQuery.isPending && <Spinner label="Loading tools" />}
      {toolsQuery.isError && <QueryError what="the tools" onRetry={() => void toolsQuery.refetch()} />}
      {toolsQuery.isSuccess && (
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {toolsQuery.data.slice(0, HOME_TOOL_COUNT).map((tool) => (
            <ToolCard key={tool._id} tool={tool} />
          ))}
        </div>
      )}
    </section>
  );
}
