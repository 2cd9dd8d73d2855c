import { useForm } from 'react-hook-form';
import type { Order } from '@toolshop/shared/order';
import { shipmentFormSchema, type Shipment, type ShipmentForm } from '@toolshop/shared/order-shipment';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toasts';
import { showFieldErrors } from '../../../lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMarkShipped } from '../api';

function ShipOrderForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const markShipped = useMarkShipped();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ShipmentForm, unknown, Shipment>({
    resolver: zodResolver(shipmentFormSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });

  const onSubmit = handleSubmit((shipment) =>
    markShipped.mutate(
      { id: order._id, shipment },
      {
        onSuccess: () => {
          toast.success(`${order.tool} for ${order.name} marked shipped.`);
          onDone();
        },
        onError: (error) => {
          showFieldErrors(error, ['carrier', 'trackingNumber'], setError);
          toast.error(error.message);
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
      <p className="text-sm break-words text-base-content/80">
        The customer ({order.email}) is told by e-mail, with the carrier and tracking number when you give
        them. Both are optional.
      </p>
      <TextField
        label="Carrier"
        autoComplete="off"
        placeholder="e.g. UPS"
        error={errors.carrier?.message}
        {...register('carrier')}
      />
      <TextField
        label="Tracking number"
        autoComplete="off"
        error={errors.trackingNumber?.message}
        {...register('trackingNumber')}
      />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <SubmitButton busy={markShipped.isPending} className="">
          Mark shipped
        </SubmitButton>
      </div>
    </form>
  );
}

/** An admin's Mark shipped of a paid order: optional carrier and tracking number, then the confirm. */
export function ShipOrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Modal open={order !== null} onClose={onClose} title={order ? `Ship ${order.tool} to ${order.name}` : ''}>
      {order && <ShipOrderForm key={order._id} order={order} onDone={onClose} />}
    </Modal>
  );
}
