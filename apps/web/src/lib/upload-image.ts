import type { ApiErrorBody } from '@toolshop/shared/api-error';
import type { UploadResponse } from '@toolshop/shared/upload';
import { ApiError } from './api-client';

/**
 * Uploads an image to POST /api/uploads and resolves with its URL. XMLHttpRequest rather than fetch:
 * only it reports upload progress, which the forms show.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve((request.response as UploadResponse).data.url);
        return;
      }
      const error = (request.response as Partial<ApiErrorBody> | null)?.error;
      reject(
        new ApiError(request.status, error?.code ?? 'upload_failed', error?.message ?? 'The upload failed.'),
      );
    };
    request.onerror = () =>
      reject(new ApiError(0, 'network_error', 'The upload failed: check your connection.'));
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
