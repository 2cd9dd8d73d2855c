import { useId, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  label: string;
  error?: string;
  id: string;
  children: React.ReactNode;
}

function FieldFrame({ label, error, id, children }: FieldFrameProps) {
  return (
    <div className="fieldset py-0">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose error message is announced and tied to it (aria-describedby). */
export function TextField({ label, error, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame label={label} error={error} id={id}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        {...inputProps}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextAreaField({ label, error, className = '', ...textareaProps }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame label={label} error={error} id={id}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`}
        {...textareaProps}
      />
    </FieldFrame>
  );
}
