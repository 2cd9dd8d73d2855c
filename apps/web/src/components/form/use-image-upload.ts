import { useState } from 'react';
import { uploadImage } from '../../lib/upload-image';

/**
 * The image of a form that is uploaded when the form is saved (SPEC: the image goes up on submit, then
 * the record is saved with its URL): the chosen file, the upload's progress and the message beside the
 * field. Spread `field` into `ImageField`; `upload()` on submit; `showError` for what the server said
 * about the image when the save was refused.
 */
export function useImageUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  // A file input cannot be cleared from React: a new key gives a fresh, empty one.
  const [fieldKey, setFieldKey] = useState(0);

  return {
    file,
    fieldKey,
    field: {
      file,
      onFileChange: (chosen: File | null) => {
        setFile(chosen);
        setError(undefined);
      },
      progress,
      error,
    },
    showError: setError,
    /**
     * Uploads the chosen file: its URL, `undefined` when none was chosen, or `null` when the upload was
     * refused, its reason (type, size) then shown beside the field.
     */
    async upload(): Promise<string | undefined | null> {
      if (!file) return undefined;
      setError(undefined);
      try {
        return await uploadImage(file, setProgress);
      } catch (refused) {
        setError((refused as Error).message);
        return null;
      } finally {
        setProgress(null);
      }
    },
    /** Empties the field, for the next record. */
    clear() {
      setFile(null);
      setError(undefined);
      setFieldKey((key) => key + 1);
    },
  };
}
