import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { formatPrice } from '@toolshop/shared/money';
import { toolEditFormSchema, type Tool } from '@toolshop/shared/tool';
import { ImageField } from '../../../components/form/image-field';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { useDeleteTool, useTools, useUpdateTool } from '../../tools/api';

const PRODUCT_UPDATED = 'Product updated';
const PRODUCT_UPDATE_FAILED = 'We could not update the product.';
const ALREADY_GONE = 'This product had already been removed.';

type ProductForm = z.input<typeof toolEditFormSchema>;
const EDITABLE_FIELDS = ['price', 'availableQuantity', 'minimumOrder', 'description'] as const;

/** Opens a <dialog> as a real modal (focus stays inside, Escape closes) while `open` holds. */
function useModal(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return { dialogRef, close: () => dialogRef.current?.close() };
}

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
      availableQuantity: tool.availableQuantity,
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
      for (const [path, message] of Object.entries(error.fields)) {
        const field = path.replace(/^body\./, '');
        if (field === 'img') setImageError(message);
        else if ((EDITABLE_FIELDS as readonly string[]).includes(field)) {
          setError(field as (typeof EDITABLE_FIELDS)[number], { message });
        }
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
      <TextField
        label="Price"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        error={errors.price?.message}
        {...register('price', { valueAsNumber: true })}
      />
      <TextField
        label="Available quantity"
        type="number"
        inputMode="numeric"
        step="1"
        min="0"
        error={errors.availableQuantity?.message}
        {...register('availableQuantity', { valueAsNumber: true })}
      />
      <TextField
        label="Minimum order"
        type="number"
        inputMode="numeric"
        step="1"
        min="1"
        error={errors.minimumOrder?.message}
        {...register('minimumOrder', { valueAsNumber: true })}
      />
      <div className="sm:col-span-3">
        <TextAreaField
          label="Description"
          rows={4}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
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
  const { dialogRef, close } = useModal(tool !== null);
  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="edit-product-title"
      onClose={onClose}
    >
      {tool && (
        <div className="modal-box sm:max-w-2xl">
          <h2 id="edit-product-title" className="mb-4 text-lg font-bold">
            {`Edit ${tool.name}`}
          </h2>
          {/* Keyed by tool so each opening starts from that tool's current values. */}
          <EditProductForm key={tool._id} tool={tool} onDone={close} />
        </div>
      )}
    </dialog>
  );
}

function ConfirmDeleteDialog({ tool, onClose }: { tool: Tool | null; onClose: () => void }) {
  const { dialogRef, close } = useModal(tool !== null);
  const deleteTool = useDeleteTool();

  const confirm = () => {
    if (!tool) return;
    deleteTool.mutate(tool._id, {
      onSuccess: () => {
        toast.success(`${tool.name} deleted.`);
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) toast.info(ALREADY_GONE);
        else toast.error(error.message);
        close();
      },
    });
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="delete-product-title"
      onClose={onClose}
    >
      {tool && (
        <div className="modal-box">
          <h2 id="delete-product-title" className="text-lg font-bold">
            {`Are you sure you want to delete ${tool.name}!`}
          </h2>
          <p className="py-3 text-sm text-base-content/70">
            It leaves the shop at once. Orders already placed keep its name.
          </p>
          <div className="modal-action">
            <button type="button" className="btn" onClick={close} autoFocus>
              Cancel
            </button>
            <button type="button" className="btn btn-error" onClick={confirm} disabled={deleteTool.isPending}>
              {deleteTool.isPending && (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              )}
              Delete
            </button>
          </div>
        </div>
      )}
    </dialog>
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
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm">
        <table className="table">
          <caption className="px-4 py-3 text-left text-lg font-semibold">
            Products ({tools.data.length})
          </caption>
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Name</th>
              <th scope="col">Price</th>
              <th scope="col">Available quantity</th>
              <th scope="col">Minimum order</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
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
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-error btn-outline btn-xs"
                      onClick={() => setDeleting(tool)}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <EditProductDialog tool={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog tool={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
