import type { ToolFilters } from '@toolshop/shared/tool-filters';
import { defaultToolSort, type ToolSort } from '@toolshop/shared/tool-sorts';
import { ListControls } from '../../../components/ui/list-controls';

const SORT_LABELS: Record<ToolSort, string> = {
  relevance: 'Best match to the search',
  'date-desc': 'Date added, newest first',
  'date-asc': 'Date added, oldest first',
  'name-asc': 'Name, A to Z',
  'name-desc': 'Name, Z to A',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  'available-asc': 'Available quantity, low to high',
  'available-desc': 'Available quantity, high to low',
  'rating-desc': 'Rating, best first',
};

interface ProductListControlsProps {
  filters: Pick<ToolFilters, 'q' | 'sort'>;
  onChange: (changes: { q?: string; sort?: ToolSort }) => void;
}

/** Manage All Products' search by name and sort. */
export function ProductListControls({ filters, onChange }: ProductListControlsProps) {
  return (
    <ListControls
      name="Find products"
      searchLabel="Search by name"
      // A search lists by relevance, the whole catalogue newest first, unless a sort is chosen.
      filters={{ ...filters, sort: filters.sort ?? defaultToolSort(filters.q) }}
      sortLabels={SORT_LABELS}
      onChange={onChange}
    />
  );
}
