import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '@toolshop/shared/tool';
import { apiFetch } from '../../lib/api-client';

export const toolKeys = {
  all: ['tools'] as const,
  detail: (id: string) => ['tools', id] as const,
};

export const getTools = () => apiFetch<Tool[]>('/tools');

export const toolsQueryOptions = () => queryOptions({ queryKey: toolKeys.all, queryFn: getTools });

export const useTools = () => useQuery(toolsQueryOptions());

export const getTool = (id: string) => apiFetch<Tool>(`/tools/${encodeURIComponent(id)}`);

export const toolQueryOptions = (id: string) =>
  queryOptions({ queryKey: toolKeys.detail(id), queryFn: () => getTool(id) });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));
