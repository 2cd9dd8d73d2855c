import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../components/ui/toasts';
import type { z } from 'zod';
import { messages, toasts } from '@toolshop/shared/messages';
import { toolFormSchema } from '@toolshop/shared/tool';
import { ImageField } from '../../../components/form/image-field';
import { useImageUpload } from '../../../components/form/use-image-upload';
import { useCreateTool } from '../../tools/api';
import {
  CategoryField,
  categoryOptions,
  PRODUCT_FIELDS,
  ProductFields,
  ProductNameField,
} from '../components/product-fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { showFieldErrors } from '../../../lib/form-errors';

type ProductForm = z.input<typeof toolFormSchema>;

const FORM_FIELDS = ['name', ...PRODUCT_FIELDS, 'categoryId'] as const;

// Empty number boxes read as NaN, which the schema reports as "… is Required".
const EMPTY_FORM: Partial<ProductForm> = { name: '', description: '', categoryId: null };

/** SPEC §2/§5 Add a Product: the image is uploaded on submit, then the tool is created with its URL. */
export function AddProductPage() {
  const createTool = useCreateTool();
  const image = useImageUpload();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductForm>({ resolver: zodResolver(toolFormSchema), defaultValues: EMPTY_FORM });

  const create = handleSubmit(async (form) => {
    const img = await image.upload();
    if (!img) {
      // No file: the required message is already beside the field (onSubmit). A refused one: SPEC's toast.
      if (img === null) toast.error(toasts.productAddFailed);
      return;
    }
    try {
      await createTool.mutateAsync({ ...form, img });
      toast.success(toasts.productAdded);
      reset();
      image.clear();
    } catch (error) {
      toast.error(toasts.productAddFailed);
      const { img: imageMessage } = showFieldErrors(error, FORM_FIELDS, setError);
      if (imageMessage) image.showError(imageMessage);
    }
  });

  // The image is a File outside react-hook-form, so its required check runs beside the schema's: an
  // empty submit lists every missing field at once.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!image.file) image.showError(messages.imageRequired);
    return create(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body grid gap-4 sm:grid-cols-3">
        <h2 className="card-title sm:col-span-3">Add a Product</h2>
        <ProductNameField error={errors.name?.message} {...register('name')} />
        <ProductFields register={register} errors={errors} />
        <CategoryField error={errors.categoryId?.message} {...register('categoryId', categoryOptions)} />
        <div className="sm:col-span-3">
          <ImageField key={image.fieldKey} label="Image" {...image.field} />
        </div>
        <div className="sm:col-span-3">
          <SubmitButton busy={isSubmitting} className="">
            Add Product
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
