import { useForm } from 'react-hook-form';
import { categoryInputSchema, type Category, type CategoryInput } from '@toolshop/shared/category';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { toast } from '../../../components/ui/toasts';
import { ApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';

const FIELDS = ['name', 'description', 'slug'] as const;

interface CategoryFormProps {
  /** Editing this category; absent: a new one. */
  category?: Category;
  /** Sends the form; resolves when the server accepted it. */
  save: (input: CategoryInput) => Promise<unknown>;
  busy: boolean;
  onDone?: () => void;
  children?: React.ReactNode;
}

/** A category's name, description and (optional) address slug: the add form and the edit dialog's. */
export function CategoryForm({ category, save, busy, onDone, children }: CategoryFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      slug: category?.slug,
    },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save({ ...input, slug: input.slug || undefined });
      toast.success(category ? 'Category saved.' : 'Category added.');
      if (!category) reset({ name: '', description: '', slug: undefined });
      onDone?.();
    } catch (error) {
      showFieldErrors(error, FIELDS, setError);
      toast.error(error instanceof ApiError ? error.message : 'We could not save the category.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Address (slug)"
        autoComplete="off"
        placeholder={category ? undefined : 'Made from the name'}
        error={errors.slug?.message}
        {...register('slug', { setValueAs: (value: string) => value.trim() || undefined })}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Description"
          rows={2}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {children}
        <SubmitButton busy={busy} className="w-full sm:w-auto">
          {category ? 'Save' : 'Add category'}
        </SubmitButton>
      </div>
    </form>
  );
}
