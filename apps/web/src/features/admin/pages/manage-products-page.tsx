import { useState } from 'react';
import { toast } from '../../../components/ui/toasts';
import { toasts } from '@toolshop/shared/messages';
import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import type { Tool } from '@toolshop/shared/tool';
import { toolFiltersSchema } from '@toolshop/shared/tool-filters';
import { DataTable } from '../../../components/ui/data-table';
import { ConfirmDeleteDialog } from '../../../components/ui/modal';
import { Pager } from '../../../components/ui/pager';
import { ApiError } from '../../../lib/api-client';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useDeleteTool, useToolPage } from '../../tools/api';
import { EditProductDialog } from '../components/edit-product-dialog';
import { ProductPhotosDialog } from '../components/product-photos-dialog';
import { ProductListControls } from '../components/product-list-controls';

const ALREADY_GONE = 'This product had already been removed.';

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

/**
 * SPEC §2 Manage Products, with edit and delete wired (ARCHITECTURE §6), searched, sorted and paged by
 * 25 (decision 021), all in the URL.
 */
export function ManageProductsPage() {
  const [filters, update] = useUrlQuery(toolFiltersSchema);
  const [editing, setEditing] = useState<Tool | null>(null);
  const [picturing, setPicturing] = useState<Tool | null>(null);
  const [deleting, setDeleting] = useState<Tool | null>(null);

  const { items, total, page, limit } = useToolPage(filters);
  const pages = Math.max(1, Math.ceil(total / limit));
  const summary = [filters.q && `Names holding “${filters.q}”`, pages > 1 && `Page ${page} of ${pages}`]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="grid gap-4">
      <ProductListControls
        key={filters.q ?? ''}
        filters={filters}
        onChange={(changes) => update({ ...changes, page: undefined })}
      />
      <p className="min-h-5 text-sm text-base-content/70" aria-live="polite">
        {summary}
      </p>
      <DataTable
        caption={`Products (${formatCount(total)})`}
        showCaption
        columns={['Image', 'Name', 'Price', 'Available quantity', 'Minimum order', 'Actions']}
      >
        {items.length === 0 && (
          <tr>
            <td colSpan={6} className="py-10 text-center text-base-content/70">
              {total > 0
                ? 'Nothing on this page.'
                : filters.q
                  ? `No product’s name holds “${filters.q}”.`
                  : 'No products yet. Add one from Add a Product.'}
            </td>
          </tr>
        )}
        {items.map((tool) => (
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
            <td>{formatCount(tool.availableQuantity)}</td>
            <td>{formatCount(tool.minimumOrder)}</td>
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
                  className="btn btn-outline btn-xs"
                  onClick={() => setPicturing(tool)}
                  aria-label={`Photos (${tool.images.length}) of ${tool.name}`}
                >
                  Photos ({tool.images.length})
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
      <Pager label="Product pages" page={page} pages={pages} onPage={(next) => update({ page: next })} />
      <EditProductDialog tool={editing} onClose={() => setEditing(null)} />
      <ProductPhotosDialog tool={picturing} onClose={() => setPicturing(null)} />
      <DeleteProductDialog tool={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
