import sharp, { type Metadata } from 'sharp';
import {
  IMAGE_MAX_SIDE,
  IMAGE_STORED_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  uploadMessages,
} from '@toolshop/shared/upload';
import { AppError } from '../plugins/app/errors';

// libvips would otherwise spread one image over every core and keep decoded images in its own cache:
// uploads share the machine (and libuv's thread pool) with requests that must stay fast (decision 016).
sharp.concurrency(1);
sharp.cache(false);

// Judged by the bytes, never by the file name or the declared content type.
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/** Lower qualities are tried only when an image does not fit IMAGE_STORED_MAX_BYTES at the first. */
const WEBP_QUALITIES = [82, 60, 40] as const;

/** A crafted file that makes libvips grind is abandoned rather than holding the queue. */
const ENCODE_TIMEOUT_SECONDS = 10;

export const unsupportedImage = () =>
  new AppError(415, 'unsupported_media_type', 'Only PNG, JPEG, WebP and GIF images are accepted.');

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an upload to WebP inside IMAGE_MAX_SIDE × IMAGE_MAX_SIDE and IMAGE_STORED_MAX_BYTES.
 * Re-encoding drops everything but the pixels: EXIF (camera, GPS position), ICC profiles, comments, and
 * any payload hidden in the original file.
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

  for (const quality of WEBP_QUALITIES) {
    const image = await encode(input, quality);
    if (image.data.length <= IMAGE_STORED_MAX_BYTES) return image;
  }
  throw new AppError(413, 'payload_too_large', uploadMessages.storedTooLarge);
}

/** A stored image made narrower for a smaller slot (never wider than it is). */
export async function resizeStored(stored: Buffer, width: number): Promise<Buffer> {
  return sharp(stored)
    .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITIES[0] })
    .toBuffer();
}

async function encode(input: Buffer, quality: number): Promise<ProcessedImage> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .rotate() // apply the EXIF orientation before the metadata that carries it is dropped
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    // A truncated or corrupt file whose header looked fine, or one that took too long to decode.
    throw unsupportedImage();
  }
}
