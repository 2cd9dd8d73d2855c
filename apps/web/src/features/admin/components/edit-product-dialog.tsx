import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../../components/ui/toasts';
import type { z } from 'zod';
import { toolEditFormSchema, type Tool } from '@toolshop/shared/tool';
import { ImageField } from '../../../components/form/image-field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useImageUpload } from '../../../components/form/use-image-upload';
import { useUpdateTool } from '../../tools/api';
import { showFieldErrors } from '../../../lib/form-errors';
import {
  CategoryField,
  categoryOptions,
  LowStockThresholdField,
  lowStockThresholdOptions,
  PRODUCT_FIELDS,
  ProductFields,
  ProductNameField,
} from './product-fields';
import { SubmitButton } from '../../../components/form/submit-button';

const PRODUCT_UPDATED = 'Product updated';
const PRODUCT_UPDATE_FAILED = 'We could not update the product.';

type ProductForm = z.input<typeof toolEditFormSchema>;

/** The form's fields a refusal from the server may name. */
const EDIT_FIELDS = ['name', ...PRODUCT_FIELDS, 'lowStockThreshold', 'categoryId'] as const;

function EditProductForm({ tool, onDone }: { tool: Tool; onDone: () => void }) {
  const updateTool = useUpdateTool();
  const image = useImageUpload();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductForm>({
    resolver: zodResolver(toolEditFormSchema),
    defaultValues: {
      name: tool.name,
      price: tool.price,
      // The API sets the count on hand (decision 015): prefilling what is available would take the units
      // held for unpaid orders off the shelf on an unchanged save.
      availableQuantity: tool.onHand,
      minimumOrder: tool.minimumOrder,
      description: tool.description,
      lowStockThreshold: tool.lowStockThreshold,
      categoryId: tool.categoryId,
    },
  });

  const onSubmit = handleSubmit(async (form) => {
    const uploaded = await image.upload();
    if (uploaded === null) {
      toast.error(PRODUCT_UPDATE_FAILED);
      return;
    }
    try {
      await updateTool.mutateAsync({ id: tool._id, input: { ...form, img: uploaded ?? tool.img } });
      toast.success(PRODUCT_UPDATED);
      onDone();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : PRODUCT_UPDATE_FAILED);
      const { img: imageMessage } = showFieldErrors(error, EDIT_FIELDS, setError);
      if (imageMessage) image.showError(imageMessage);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
      <ProductNameField error={errors.name?.message} {...register('name')} />
      <ProductFields
        register={register}
        errors={errors}
        stockLabel="On hand (units held for unpaid orders included)"
      />
      <LowStockThresholdField
        error={errors.lowStockThreshold?.message}
        {...register('lowStockThreshold', lowStockThresholdOptions)}
      />
      <CategoryField error={errors.categoryId?.message} {...register('categoryId', categoryOptions)} />
      <div className="sm:col-span-3">
        <ImageField label="New image (optional)" currentUrl={tool.img} {...image.field} />
      </div>
      <div className="modal-action sm:col-span-3">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <SubmitButton busy={isSubmitting} className="">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * Manage All Products' edit dialog: name (a rename leaves past orders with the name they were placed with),
 * price, stock on hand, minimum order, description, low-stock threshold, category and image.
 */
export function EditProductDialog({ tool, onClose }: { tool: Tool | null; onClose: () => void }) {
  return (
    <Modal open={tool !== null} onClose={onClose} title={tool ? `Edit ${tool.name}` : ''} wide>
      {/* Keyed by tool so each opening starts from that tool's current values. */}
      {tool && <EditProductForm key={tool._id} tool={tool} onDone={onClose} />}
    </Modal>
  );
}
