import { RECEIPT_CONTENT_TYPES, type ReceiptView } from '@kobo/core';

export type ReceiptMetadataRow = { id: string; fileName: string; contentType: string; sizeBytes: number; hasThumbnail: boolean };

/** The table's check allows only the four types; the fallback is there for the type checker. */
export function toReceiptView(row: ReceiptMetadataRow): ReceiptView {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: RECEIPT_CONTENT_TYPES.find((type) => type === row.contentType) ?? 'application/pdf',
    sizeBytes: Number(row.sizeBytes),
    hasThumbnail: Boolean(row.hasThumbnail),
  };
}
