import { useState } from 'react';
import { Link } from 'react-router';
import type { Category } from '@toolshop/shared/category';
import { paths } from '@toolshop/shared/paths';
import { ConfirmDeleteDialog, Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toasts';
import { ApiError } from '../../../lib/api-client';
import {
  useCategories,
  useCreateCategory,
  useDeleteCategory,
  useReorderCategories,
  useUpdateCategory,
} from '../api';
import { CategoryForm } from '../components/category-form';

/** The ids in their new order after moving the one at `index` by `step` (−1: up, +1: down). */
function moved(categories: Category[], index: number, step: -1 | 1): string[] {
  const ids = categories.map((category) => category._id);
  [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
  return ids;
}

const failed = (error: unknown, fallback: string) =>
  toast.error(error instanceof ApiError ? error.message : fallback);

/**
 * Categories (decision 055): add, rename, reorder and delete the kinds of tool the shop is browsed by. A
 * category that still holds tools is not deleted: the server says how many to move first.
 */
export function CategoriesPage() {
  const categories = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const reorder = useReorderCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  const move = (index: number, step: -1 | 1) =>
    reorder.mutate(moved(categories, index, step), {
      onError: (error) => failed(error, 'We could not reorder the categories.'),
    });

  return (
    <div className="grid max-w-3xl gap-6">
      <h2 className="text-xl font-bold">Categories</h2>

      <section aria-labelledby="category-list" className="rounded-box bg-base-100 p-4 shadow-sm sm:p-6">
        <h3 id="category-list" className="mb-4 text-lg font-semibold">
          In the shop’s order
        </h3>
        <ol className="divide-y divide-base-300">
          {categories.map((category, index) => (
            <li key={category._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <Link to={paths.category(category.slug)} className="link link-hover font-semibold">
                  {category.name}
                </Link>
                <p className="text-sm text-base-content/70">
                  {category.toolCount} {category.toolCount === 1 ? 'tool' : 'tools'} ·{' '}
                  <span className="font-mono">/{category.slug}</span>
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Move ${category.name} up`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  ↑ Up
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Move ${category.name} down`}
                  disabled={index === categories.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  ↓ Down
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-label={`Edit ${category.name}`}
                  onClick={() => setEditing(category)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm"
                  aria-label={`Delete ${category.name}`}
                  onClick={() => setDeleting(category)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
        {categories.length === 0 && (
          <p className="text-base-content/70">No categories yet: add the first one below.</p>
        )}
      </section>

      <section aria-labelledby="add-category" className="rounded-box bg-base-100 p-4 shadow-sm sm:p-6">
        <h3 id="add-category" className="mb-4 text-lg font-semibold">
          Add a category
        </h3>
        <CategoryForm save={(input) => create.mutateAsync(input)} busy={create.isPending} />
      </section>

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={`Edit ${editing?.name ?? ''}`}
        wide
      >
        {editing && (
          <CategoryForm
            key={editing._id}
            category={editing}
            save={(input) => update.mutateAsync({ id: editing._id, input })}
            busy={update.isPending}
            onDone={() => setEditing(null)}
          >
            <button type="button" className="btn" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </CategoryForm>
        )}
      </Modal>

      <ConfirmDeleteDialog
        name={deleting?.name ?? null}
        onClose={() => setDeleting(null)}
        detail="Its page leaves the shop. A category that still has tools cannot be deleted: move them first."
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => toast.success('Category deleted.'),
            onError: (error) => failed(error, 'We could not delete the category.'),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
