import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_WIDTHS } from '@toolshop/shared/image-sizes';
import {
  IMAGE_MAX_SIDE,
  IMAGE_STORED_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  uploadMessages,
} from '@toolshop/shared/upload';
import { AppError } from '../plugins/app/errors';
import { assertDecodable, unsupportedImage } from './decode-bounds';

// libvips would otherwise spread one image over every core and keep decoded images in its own cache:
// uploads share the machine (and libuv's thread pool) with requests that must stay fast (decision 016).
sharp.concurrency(1);
sharp.cache(false);

/** Lower qualities are tried only when an image does not fit IMAGE_STORED_MAX_BYTES at the first. */
const WEBP_QUALITIES = [82, 60, 40] as const;

/** A crafted file that makes libvips grind is abandoned rather than holding the queue. */
const ENCODE_TIMEOUT_SECONDS = 10;

export interface ProcessedImage {
  width: number;
  height: number;
  /** The whole image, inside IMAGE_MAX_SIDE × IMAGE_MAX_SIDE and IMAGE_STORED_MAX_BYTES. */
  whole: Buffer;
  /** The image at each of IMAGE_WIDTHS narrower than it (a wider one is served the whole image). */
  narrower: Map<number, Buffer>;
}

interface Pixels {
  data: Buffer;
  info: OutputInfo;
}

/**
 * Re-encodes an upload to WebP, whole and at every srcset width. Re-encoding drops everything but the
 * pixels: EXIF (camera, GPS position), ICC profiles, comments, and any payload hidden in the original file.
 * The file is judged from its header first, then decoded once, shrunk on load where the format allows
 * (decision 036); every encoding starts from those few decoded pixels.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  try {
    assertDecodable(await sharp(input).metadata());
  } catch (error) {
    throw error instanceof AppError ? error : unsupportedImage();
  }
  const pixels = await decode(input);
  const whole = await encodeWithin(pixels);
  const narrower = new Map<number, Buffer>();
  for (const width of IMAGE_WIDTHS) {
    if (width < pixels.info.width) narrower.set(width, await encode(pixels, WEBP_QUALITIES[0], width));
  }
  return { width: pixels.info.width, height: pixels.info.height, whole, narrower };
}

/** A stored image made narrower for a smaller slot (never wider than it is). */
export async function resizeStored(stored: Buffer, width: number): Promise<Buffer> {
  return sharp(stored)
    .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITIES[0] })
    .toBuffer();
}

/** The upload's pixels inside IMAGE_MAX_SIDE × IMAGE_MAX_SIDE, upright, 8 bits per channel. */
async function decode(input: Buffer): Promise<Pixels> {
  try {
    return await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, sequentialRead: true })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .rotate() // apply the EXIF orientation before the metadata that carries it is dropped
      .resize({
        width: IMAGE_MAX_SIDE,
        height: IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
        // JPEG and WebP decode straight at a fraction of their size: a huge photo is never decoded whole.
        fastShrinkOnLoad: true,
      })
      .raw() // 8 bits per channel: sharp's default depth for raw output
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A truncated or corrupt file whose header looked fine, or one that took too long to decode.
    throw unsupportedImage();
  }
}

async function encodeWithin(pixels: Pixels): Promise<Buffer> {
  for (const quality of WEBP_QUALITIES) {
    const data = await encode(pixels, quality);
    if (data.length <= IMAGE_STORED_MAX_BYTES) return data;
  }
  throw new AppError(413, 'payload_too_large', uploadMessages.storedTooLarge);
}

function encode({ data, info }: Pixels, quality: number, width?: number): Promise<Buffer> {
  const { width: rawWidth, height, channels } = info;
  const image = sharp(data, { raw: { width: rawWidth, height, channels } }).timeout({
    seconds: ENCODE_TIMEOUT_SECONDS,
  });
  return (width ? image.resize({ width }) : image).webp({ quality }).toBuffer();
}
