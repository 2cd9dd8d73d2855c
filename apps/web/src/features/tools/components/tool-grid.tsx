import type { Tool } from '@toolshop/shared/tool';
import { ToolCard } from './tool-card';

const COLUMNS = {
  3: 'grid gap-8 sm:grid-cols-2 lg:grid-cols-3',
  4: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
} as const;

/**
 * Cards of tools, three (or four) abreast on wide screens. The first `eagerCount` are above the fold: their
 * images load at once.
 */
export function ToolGrid({
  tools,
  eagerCount = 0,
  columns = 3,
}: {
  tools: Tool[];
  eagerCount?: number;
  columns?: keyof typeof COLUMNS;
}) {
  return (
    <div className={COLUMNS[columns]}>
      {tools.map((tool, index) => (
        <ToolCard key={tool._id} tool={tool} eager={index < eagerCount} />
      ))}
    </div>
  );
}
