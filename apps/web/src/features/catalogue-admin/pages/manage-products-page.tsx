import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { toasts } from '@toolshop/shared/messages';
import { formatPrice } from '@toolshop/shared/money';
import { toolEditFormSchema, type Tool } from '@toolshop/shared/tool';
import { ImageField } from '../../../components/form/image-field';
import { DataTable } from '../../../components/ui/data-table';
import { QueryError } from '../../../components/ui/query-error';
import { ConfirmDeleteDialog, Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { useDeleteTool, useTools, useUpdateTool } from '../../tools/api';
import { PRODUCT_FIELDS, ProductFields, type ProductField } from '../components/product-fields';

const PRODUCT_UPDATED = 'Product updated';
const PRODUCT_UPDATE_FAILED = 'We could not update the product.';
const ALREADY_GONE = 'This product had already been removed.';

type ProductForm = z.input<typeof toolEditFormSchema>;

function EditProductForm({ tool, onDone }: { tool: Tool; onDone: () => void }) {
  const updateTool = useUpdateTool();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductForm>({
    resolver: zodResolver(toolEditFormSchema),
    defaultValues: {
      price: tool.price,
      // The API sets the count on hand (decision 015): prefilling what is available would take the units
      // held for unpaid orders off the shelf on an unchanged save.
      availableQuantity: tool.onHand,
      minimumOrder: tool.minimumOrder,
      description: tool.description,
    },
  });

  const onSubmit = handleSubmit(async ({ price, availableQuantity, minimumOrder, description }) => {
    let img = tool.img;
    try {
      if (file) img = await uploadImage(file, setProgress);
    } catch (error) {
      setImageError((error as Error).message);
      toast.error(PRODUCT_UPDATE_FAILED);
      return;
    } finally {
      setProgress(null);
    }
    try {
      await updateTool.mutateAsync({
        id: tool._id,
        input: { price, availableQuantity, minimumOrder, description, img },
      });
      toast.success(PRODUCT_UPDATED);
      onDone();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : PRODUCT_UPDATE_FAILED);
      if (!(error instanceof ApiError)) return;
      for (const [field, message] of Object.entries(error.bodyFields())) {
        if (field === 'img') setImageError(message);
        else if ((PRODUCT_FIELDS as readonly string[]).includes(field))
          setError(field as ProductField, { message });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
      <ProductFields
        register={register}
        errors={errors}
        stockLabel="On hand (units held for unpaid orders included)"
      />
      <div className="sm:col-span-3">
        <ImageField
          label="New image (optional)"
          file={file}
          onFileChange={(chosen) => {
            setFile(chosen);
            if (chosen) setImageError(undefined);
          }}
          currentUrl={tool.img}
          progress={progress}
          error={imageError}
        />
      </div>
      <div className="modal-action sm:col-span-3">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save
        </button>
      </div>
    </form>
  );
}

function EditProductDialog({ tool, onClose }: { tool: Tool | null; onClose: () => void }) {
  return (
    <Modal open={tool !== null} onClose={onClose} title={tool ? `Edit ${tool.name}` : ''} wide>
      {/* Keyed by tool so each opening starts from that tool's current values. */}
      {tool && <EditProductForm key={tool._id} tool={tool} onDone={onClose} />}
    </Modal>
  );
}

function DeleteProductDialog({ tool, onClose }: { tool: Tool | null; onClose: () => void }) {
  const deleteTool = useDeleteTool();
  return (
    <ConfirmDeleteDialog
      name={tool?.name ?? null}
      onClose={onClose}
      detail="It leaves the shop at once. Orders already placed keep its name."
      busy={deleteTool.isPending}
      onConfirm={() => {
        if (!tool) return;
        deleteTool.mutate(tool._id, {
          onSuccess: () => toast.success(toasts.deleted(tool.name)),
          onError: (error) =>
            error instanceof ApiError && error.status === 404
              ? toast.info(ALREADY_GONE)
              : toast.error(error.message),
          onSettled: onClose,
        });
      }}
    />
  );
}

/** SPEC §2 Manage Products, with edit and delete wired (ARCHITECTURE §6). */
export function ManageProductsPage() {
  const tools = useTools();
  const [editing, setEditing] = useState<Tool | null>(null);
  const [deleting, setDeleting] = useState<Tool | null>(null);

  if (tools.isPending) return <Spinner label="Loading products" />;
  if (tools.isError) return <QueryError what="the products" onRetry={() => void tools.refetch()} />;

  return (
    <>
      <DataTable
        caption={`Products (${tools.data.length})`}
        showCaption
        columns={['Image', 'Name', 'Price', 'Available quantity', 'Minimum order', 'Actions']}
      >
        {tools.data.length === 0 && (
          <tr>
            <td colSpan={6} className="py-10 text-center text-base-content/70">
              No products yet. Add one from Add a Product.
            </td>
          </tr>
        )}
        {tools.data.map((tool) => (
          <tr key={tool._id}>
            <td>
              <img
                src={tool.img}
                alt={tool.name}
                loading="lazy"
                width="48"
                height="48"
                className="size-12 min-w-12 rounded-lg border border-base-300 bg-base-200 object-cover"
              />
            </td>
            <td className="min-w-48 font-medium">{tool.name}</td>
            <td className="whitespace-nowrap">{formatPrice(tool.price)}</td>
            <td>{tool.availableQuantity.toLocaleString('en-US')}</td>
            <td>{tool.minimumOrder.toLocaleString('en-US')}</td>
            <td>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn btn-primary btn-outline btn-xs"
                  onClick={() => setEditing(tool)}
                  aria-label={`Edit ${tool.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-xs"
                  onClick={() => setDeleting(tool)}
                  aria-label={`Delete ${tool.name}`}
                >
                  Delete
                </button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <EditProductDialog tool={editing} onClose={() => setEditing(null)} />
      <DeleteProductDialog tool={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
