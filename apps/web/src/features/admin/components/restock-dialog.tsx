import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../components/ui/toasts';
import { formatCount } from '@toolshop/shared/number-format';
import { restockSchema } from '@toolshop/shared/tool';
import type { LowStockTool } from '@toolshop/shared/admin';
import { TextField } from '../../../components/form/text-field';
import { Modal } from '../../../components/ui/modal';
import { useRestockTool } from '../api';
import { SubmitButton } from '../../../components/form/submit-button';

interface RestockForm {
  restAvailableQuantity: number;
}

function RestockFormBody({ tool, onDone }: { tool: LowStockTool; onDone: () => void }) {
  const restock = useRestockTool();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RestockForm>({
    resolver: zodResolver(restockSchema),
    // A suggestion that lifts the tool well clear of its threshold.
    defaultValues: { restAvailableQuantity: tool.onHand + 2 * tool.threshold },
  });

  const onSubmit = handleSubmit(({ restAvailableQuantity }) =>
    restock.mutate(
      { id: tool.toolId, onHand: restAvailableQuantity },
      {
        onSuccess: () => {
          toast.success(`${tool.name} restocked to ${formatCount(restAvailableQuantity)} on hand.`);
          onDone();
        },
        onError: (error) => toast.error(error.message),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
      <p className="text-sm text-base-content/80">
        {formatCount(tool.availableQuantity)} available of {formatCount(tool.onHand)} on hand; low-stock
        threshold {formatCount(tool.threshold)}.
      </p>
      <TextField
        label="Units on hand after restocking"
        type="number"
        inputMode="numeric"
        min={0}
        error={errors.restAvailableQuantity?.message}
        {...register('restAvailableQuantity', { valueAsNumber: true })}
      />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <SubmitButton busy={restock.isPending} className="">
          Restock
        </SubmitButton>
      </div>
    </form>
  );
}

/** The low-stock list's restock action: sets the units on hand (PATCH /tools/:id). */
export function RestockDialog({ tool, onClose }: { tool: LowStockTool | null; onClose: () => void }) {
  return (
    <Modal open={tool !== null} onClose={onClose} title={tool ? `Restock ${tool.name}` : ''}>
      {tool && <RestockFormBody key={tool.toolId} tool={tool} onDone={onClose} />}
    </Modal>
  );
}
