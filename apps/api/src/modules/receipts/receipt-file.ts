import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, MAX_RECEIPT_BYTES, RECEIPT_CONTENT_TYPES, type ReceiptContentType } from '@kobo/core';

/** A phone photo shrunk to this longest side still reads a till receipt; 12 MP originals are ~4,000 px. */
const LONGEST_SIDE = 2000;
const THUMBNAIL_SIDE = 240;
/** libjpeg-turbo, not mozjpeg: mozjpeg saved 15% of a 2,000 px photo's size but took six times as long (2.6 s). */
const QUALITY = 80;
/** Refuses decompression bombs: a small file that would decode to gigabytes (100 MP is 10,000 × 10,000). */
const MAX_INPUT_PIXELS = 100_000_000;

export type PreparedReceipt = { contentType: ReceiptContentType; content: Buffer; thumbnail: Buffer | null };

/**
 * The receipt as it will be stored. Its type is decided from the content (file-type's magic
 * numbers), never from the name or the browser's claim: a .jpg that is really a script is refused.
 * Images are turned upright (EXIF orientation), shrunk to 2,000 px, re-encoded without metadata
 * (sharp drops EXIF, GPS included, unless asked to keep it) and get a 240 px JPEG thumbnail.
 * A PDF is kept byte for byte.
 */
export async function prepareReceipt(bytes: Buffer): Promise<PreparedReceipt> {
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = RECEIPT_CONTENT_TYPES.find((type) => type === detected?.mime);
  if (!contentType) throw new AppError('RECEIPT_WRONG_TYPE', { field: 'file' });
  if (contentType === 'application/pdf') return { contentType, content: bytes, thumbnail: null };
  try {
    return await shrinkImage(bytes, contentType);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // sharp refuses a truncated, corrupt or oversized (in pixels) image: the person's to fix, not a 500.
    throw new AppError('RECEIPT_UNREADABLE', { field: 'file', cause: error });
  }
}

async function shrinkImage(bytes: Buffer, contentType: Exclude<ReceiptContentType, 'application/pdf'>): Promise<PreparedReceipt> {
  const upright = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const resized = () => upright().resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true });
  let content: Buffer;
  let storedType: ReceiptContentType = contentType;
  if (contentType === 'image/png') content = await resized().png({ compressionLevel: 6 }).toBuffer();
  else if (contentType === 'image/webp') content = await resized().webp({ quality: QUALITY }).toBuffer();
  else content = await resized().jpeg({ quality: QUALITY }).toBuffer();
  // A photo saved as PNG can stay above the limit even at 2,000 px: it is stored as a JPEG instead.
  if (content.length > MAX_RECEIPT_BYTES) {
    content = await resized().flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY }).toBuffer();
    storedType = 'image/jpeg';
  }
  // From the shrunk image: already upright, and a fifth of the pixels of a phone photo to decode.
  const thumbnail = await sharp(content)
    .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { contentType: storedType, content, thumbnail };
}
