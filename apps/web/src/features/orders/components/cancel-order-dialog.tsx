import { formatCount } from '@toolshop/shared/number-format';
import type { Order } from '@toolshop/shared/order';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface CancelOrderDialogProps {
  /** The unpaid order about to be cancelled; the dialog is open while there is one. */
  order: Order | null;
  onClose: () => void;
  busy: boolean;
  onConfirm: (order: Order) => void;
}

/** An admin's cancel of a customer's unpaid order; "Keep order" has the focus so Enter never cancels. */
export function CancelOrderDialog({ order, onClose, busy, onConfirm }: CancelOrderDialogProps) {
  return (
    <ConfirmDialog
      open={order !== null}
      title={order ? `Cancel ${order.name}'s order for ${order.tool}?` : ''}
      keepLabel="Keep order"
      confirmLabel="Cancel order"
      busy={busy}
      onClose={onClose}
      onConfirm={() => order && onConfirm(order)}
    >
      {order &&
        `The ${formatCount(order.quantity)} units it holds go back on sale and the customer can no longer pay for it.`}
    </ConfirmDialog>
  );
}
