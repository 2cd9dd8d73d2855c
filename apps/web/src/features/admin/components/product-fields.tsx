import { useId } from 'react';
import type { FieldError, RegisterOptions, UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { useCategoryChoices } from '../../categories/api';

export const PRODUCT_FIELDS = ['price', 'availableQuantity', 'minimumOrder', 'description'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

interface ProductFieldsProps {
  register: (name: ProductField, options?: { valueAsNumber: true }) => UseFormRegisterReturn;
  errors: Partial<Record<ProductField, FieldError>>;
  /** What the stock field counts: a new product's available quantity, an existing one's units on hand. */
  stockLabel?: string;
}

/** Price, stock, minimum order and description: the fields both Add a Product and its edit dialog have. */
export function ProductFields({ register, errors, stockLabel = 'Available quantity' }: ProductFieldsProps) {
  const number = { valueAsNumber: true } as const;
  return (
    <>
      <TextField
        label="Price"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        placeholder="$ per unit, e.g. 18.99"
        error={errors.price?.message}
        {...register('price', number)}
      />
      <TextField
        label={stockLabel}
        type="number"
        inputMode="numeric"
        step="1"
        min="0"
        error={errors.availableQuantity?.message}
        {...register('availableQuantity', number)}
      />
      <TextField
        label="Minimum order"
        type="number"
        inputMode="numeric"
        step="1"
        min="1"
        error={errors.minimumOrder?.message}
        {...register('minimumOrder', number)}
      />
      <div className="sm:col-span-3">
        <TextAreaField
          label="Description"
          rows={4}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
    </>
  );
}

type FieldProps = UseFormRegisterReturn & { error?: string };

/** The product's name, across the form: Add a Product's first field, and the edit dialog's (a rename). */
export function ProductNameField({ error, ...registration }: FieldProps) {
  return (
    <div className="sm:col-span-3">
      <TextField label="Name" autoComplete="off" error={error} {...registration} />
    </div>
  );
}

/** How the threshold box registers: left empty, it reads as null (the default threshold). */
export const lowStockThresholdOptions = {
  setValueAs: (value: unknown) =>
    typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value,
} satisfies RegisterOptions;

/** The low-stock threshold (Sales Overview, low-stock mail); empty: twice the minimum order. */
export function LowStockThresholdField({ error, ...registration }: FieldProps) {
  return (
    <TextField
      label="Low-stock threshold"
      type="number"
      inputMode="numeric"
      step="1"
      min="0"
      placeholder="Empty: twice the minimum order"
      error={error}
      {...registration}
    />
  );
}

/** How the category menu registers: "No category" reads as null. */
export const categoryOptions = {
  setValueAs: (value: unknown) => (value === '' ? null : value),
} satisfies RegisterOptions;

/** The product's category (decision 055): the categories' page lists it there. */
export function CategoryField({ error, ...registration }: FieldProps) {
  const categories = useCategoryChoices();
  const id = useId();
  return (
    <div className="fieldset py-0">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        Category
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      >
        <option value="">No category</option>
        {categories.map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
