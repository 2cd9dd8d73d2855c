import type { Metadata } from 'sharp';
import { UPLOAD_MAX_PIXELS, uploadMessages } from '@toolshop/shared/upload';
import { AppError } from '../plugins/app/errors';

// Judged by the bytes, never by the file name or the declared content type.
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

const BYTES_PER_SAMPLE: Partial<Record<Metadata['depth'] & string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
};

/**
 * What libvips may produce from a file that streams (baseline JPEG, non-interlaced PNG, WebP): every
 * 8-bit image within UPLOAD_MAX_PIXELS (40 million RGBA pixels), not a 16-bit one of the same size. JPEG
 * and WebP shrink on load besides, so they cost far less than this (decision 036).
 */
const STREAMED_MAX_BYTES = UPLOAD_MAX_PIXELS * 4;
/**
 * What libvips may hold at once for a file it must decode whole before it can shrink it: an interlaced
 * (Adam7) PNG, a progressive JPEG (all its coefficients) or a GIF frame. 4,000 × 4,000 RGB.
 */
const WHOLE_MAX_BYTES = 4_000 * 4_000 * 3;

export const unsupportedImage = () =>
  new AppError(415, 'unsupported_media_type', 'Only PNG, JPEG, WebP and GIF images are accepted.');

const decodedWhole = (metadata: Metadata) =>
  metadata.format === 'gif' ||
  ((metadata.format === 'png' || metadata.format === 'jpeg') && metadata.isProgressive);

/**
 * Refuses, from the header alone and before any pixel is decoded, a file that is not an accepted image
 * or whose decoding would cost more than any upload may: too many pixels, or too many bytes of them
 * (16 bits per channel, or pixels that must all be held at once). A crafted file that compresses to a few
 * hundred kB can otherwise hold a core for seconds and hundreds of MB of memory.
 */
export function assertDecodable(metadata: Metadata): void {
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupportedImage();
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > UPLOAD_MAX_PIXELS) {
    throw new AppError(
      413,
      'payload_too_large',
      `Images may have at most ${UPLOAD_MAX_PIXELS / 1_000_000} million pixels.`,
    );
  }
  const bytesPerSample = BYTES_PER_SAMPLE[metadata.depth ?? 'uchar'];
  if (!bytesPerSample) throw unsupportedImage();
  const decodedBytes = pixels * (metadata.channels ?? 4) * bytesPerSample;
  if (decodedBytes > (decodedWhole(metadata) ? WHOLE_MAX_BYTES : STREAMED_MAX_BYTES)) {
    throw new AppError(413, 'payload_too_large', uploadMessages.tooCostly);
  }
}
