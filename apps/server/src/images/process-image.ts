import sharp, { type Metadata } from 'sharp';
import { UPLOAD_MAX_PIXELS, UPLOAD_MAX_WIDTH } from '@toolshop/shared/upload';
import { AppError } from '../plugins/app/errors';

// Judged by the bytes, never by the file name or the declared content type.
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

export const unsupportedImage = () =>
  new AppError(415, 'unsupported_media_type', 'Only PNG, JPEG, WebP and GIF images are accepted.');

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an upload to WebP at most 1200 px wide. Re-encoding drops everything but the pixels: EXIF
 * (camera, GPS position), ICC profiles, comments, and any payload hidden in the original file.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupportedImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > UPLOAD_MAX_PIXELS) {
    throw new AppError(
      413,
      'payload_too_large',
      `Images may have at most ${UPLOAD_MAX_PIXELS / 1_000_000} million pixels.`,
    );
  }

  try {
    const { data, info } = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate() // apply the EXIF orientation before the metadata that carries it is dropped
      .resize({ width: UPLOAD_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    // A truncated or corrupt file whose header looked fine.
    throw unsupportedImage();
  }
}
