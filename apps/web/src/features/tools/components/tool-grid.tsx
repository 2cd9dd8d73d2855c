import type { Tool } from '@toolshop/shared/tool';
import { ToolCard } from './tool-card';

/** Cards of tools, three abreast on wide screens. The first row is above the fold: its images load at once. */
export function ToolGrid({ tools, eagerCount = 0 }: { tools: Tool[]; eagerCount?: number }) {
  return (
    <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {tools.map((tool, index) => (
        <ToolCard key={tool._id} tool={tool} eager={index < eagerCount} />
      ))}
    </div>
  );
}
