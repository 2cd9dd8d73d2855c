import { orderStatusSchema } from '@toolshop/shared/order';
import { ORDER_STATUSES, type OrderStatus } from '@toolshop/shared/order-status';
import type { OrderFilters, OrderSort } from '@toolshop/shared/order-filters';
import { ListControls } from '../../../components/ui/list-controls';

export const STATUS_FILTER_LABELS: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid, not shipped',
  shipped: 'Shipped, not delivered',
  delivered: 'Delivered',
  expired: 'Expired (hold ran out)',
  cancelled: 'Cancelled',
};

const SORT_LABELS: Record<OrderSort, string> = {
  'date-desc': 'Date, newest first',
  'date-asc': 'Date, oldest first',
  'total-desc': 'Total, high to low',
  'total-asc': 'Total, low to high',
};

interface OrderListControlsProps {
  filters: Pick<OrderFilters, 'status' | 'q' | 'sort'>;
  /** '' clears a filter; a new filter, search or sort starts again from the first page. */
  onChange: (changes: { status?: OrderStatus | ''; q?: string; sort?: OrderSort }) => void;
}

/** Manage All Orders' status filter, search and sort. */
export function OrderListControls({ filters, onChange }: OrderListControlsProps) {
  return (
    <ListControls
      name="Find orders"
      searchLabel="Customer name, e-mail or tool"
      filters={filters}
      sortLabels={SORT_LABELS}
      onChange={onChange}
    >
      <label className="fieldset w-full py-0 sm:w-auto">
        <span className="fieldset-legend pt-0 pb-1 text-sm">Status</span>
        <select
          className="select w-full sm:w-56"
          value={filters.status ?? ''}
          onChange={(event) => {
            const status = orderStatusSchema.safeParse(event.target.value);
            onChange({ status: status.success ? status.data : '' });
          }}
        >
          <option value="">All but cancelled</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_FILTER_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
    </ListControls>
  );
}
