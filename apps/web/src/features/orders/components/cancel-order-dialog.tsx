import type { Order } from '@toolshop/shared/order';
import { Modal } from '../../../components/ui/modal';

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
    <Modal
      open={order !== null}
      onClose={onClose}
      title={order ? `Cancel ${order.name}'s order for ${order.tool}?` : ''}
    >
      <p className="py-3 text-sm text-base-content/70">
        {order &&
          `The ${order.quantity.toLocaleString('en-US')} units it holds go back on sale and the customer can no longer pay for it.`}
      </p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose} autoFocus>
          Keep order
        </button>
        <button
          type="button"
          className="btn btn-error"
          onClick={() => order && onConfirm(order)}
          disabled={busy}
        >
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Cancel order
        </button>
      </div>
    </Modal>
  );
}
