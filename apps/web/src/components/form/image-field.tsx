import { useEffect, useId, useMemo, useState } from 'react';
import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES } from '@toolshop/shared/upload';

interface ImageFieldProps {
  label: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Shown until a new file is chosen (e.g. the current profile image). */
  currentUrl?: string | null;
  /** 0..1 while uploading, null otherwise. */
  progress: number | null;
  error?: string;
}

/** Chooses an image, previews it, and shows the upload's progress. The form uploads it on submit. */
export function ImageField({ label, file, onFileChange, currentUrl, progress, error }: ImageFieldProps) {
  const id = useId();
  const [sizeError, setSizeError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const shown = file ? preview : currentUrl;
  const message = sizeError ?? error;

  return (
    <div className="fieldset py-0">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </label>
      <div className="flex items-center gap-4">
        {shown && (
          <img src={shown} alt="" className="size-16 rounded-lg border border-base-300 object-cover" />
        )}
        <input
          id={id}
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          className={`file-input w-full ${message ? 'file-input-error' : ''}`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            if (chosen && chosen.size > UPLOAD_MAX_BYTES) {
              setSizeError(`Images may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
              onFileChange(null);
              return;
            }
            setSizeError(null);
            onFileChange(chosen);
          }}
        />
      </div>
      <p className="label text-xs">PNG, JPEG, WebP or GIF, at most {UPLOAD_MAX_BYTES / 1024 / 1024} MB.</p>
      {progress !== null && (
        <progress
          className="progress progress-primary w-full"
          value={Math.round(progress * 100)}
          max={100}
          aria-label="Upload progress"
        />
      )}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
    </div>
  );
}
