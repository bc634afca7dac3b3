import { createInflateRaw } from 'node:zlib';
import { SheetRefusal } from './sheet-refusal.ts';

/** One file of a zip archive, as its central directory describes it. */
export type ZipEntry = { name: string; method: number; isEncrypted: boolean; compressedSize: number; uncompressedSize: number; localHeaderOffset: number };
/** A zip archive's entries by lower-cased name (the parts of an .xlsx are named case-insensitively). */
export type ZipArchive = { bytes: Uint8Array; entries: Map<string, ZipEntry> };
/** What is left of the bytes a reading may inflate: each entry's declared size is taken from it before inflating. */
export type InflateBudget = { remainingBytes: number };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** A zip64 archive marks its sizes and offsets so; no spreadsheet of 5 MB needs one. */
const ZIP64_MARK = 0xffffffff;
const CHUNK_BYTES = 64 * 1024;

function notSpreadsheet(): SheetRefusal {
  return new SheetRefusal('notSpreadsheet');
}

/**
 * The archive's table of contents, read from its central directory alone: nothing is inflated.
 * Anything that is not a plain zip (zip64, split archives, entries pointing outside the file) is
 * refused as not a spreadsheet.
 */
export function openZip(bytes: Uint8Array): ZipArchive {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (view.getUint16(end + 4, true) !== 0 || directoryOffset + directorySize > end) throw notSpreadsheet();
  const entries = new Map<string, ZipEntry>();
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > end || view.getUint32(offset, true) !== DIRECTORY_ENTRY) throw notSpreadsheet();
    const nameLength = view.getUint16(offset + 28, true);
    const entry: ZipEntry = {
      name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      isEncrypted: (view.getUint16(offset + 8, true) & 1) === 1,
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    if (entry.compressedSize === ZIP64_MARK || entry.uncompressedSize === ZIP64_MARK || entry.localHeaderOffset === ZIP64_MARK) throw notSpreadsheet();
    const key = entry.name.toLowerCase();
    // Two entries of one name: which one a program opens is its own choice, so Kobo reads neither.
    if (entries.has(key)) throw notSpreadsheet();
    entries.set(key, entry);
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return { bytes, entries };
}

function findEndOfDirectory(view: DataView): number {
  // The record is 22 bytes and may be followed by a comment of up to 65,535 bytes.
  const last = view.byteLength - 22;
  for (let offset = last; offset >= 0 && offset >= last - 0xffff; offset -= 1) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  throw notSpreadsheet();
}

/**
 * An entry's bytes, inflated a chunk at a time. Its declared size is taken from the budget before
 * anything is inflated (more than is left: "expands too much"), and inflating stops at the first
 * byte past that declared size: an entry that claims less than it holds is a damaged archive.
 * The caller may stop early (a `return` from its loop, or a throw) and nothing more is inflated.
 */
export async function* inflateEntry(archive: ZipArchive, entry: ZipEntry, budget: InflateBudget): AsyncGenerator<Uint8Array> {
  if (entry.isEncrypted || (entry.method !== STORED && entry.method !== DEFLATED)) throw notSpreadsheet();
  if (entry.uncompressedSize > budget.remainingBytes) throw new SheetRefusal('expandsTooMuch');
  budget.remainingBytes -= entry.uncompressedSize;
  const compressed = entryData(archive, entry);
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.uncompressedSize) throw notSpreadsheet();
    for (let offset = 0; offset < compressed.length; offset += CHUNK_BYTES) yield compressed.subarray(offset, offset + CHUNK_BYTES);
    return;
  }
  const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
  inflater.on('error', () => undefined);
  let written = 0;
  const feed = () => {
    if (inflater.destroyed) return;
    // Fed in slices so that a consumer that stops early leaves the rest of the input untouched.
    if (written >= compressed.length) return inflater.end();
    const slice = compressed.subarray(written, written + CHUNK_BYTES);
    written += slice.length;
    inflater.write(slice, feed);
  };
  feed();
  let inflated = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) throw notSpreadsheet();
      yield chunk;
    }
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    // zlib's own refusal: the data is not deflate, or is cut short.
    throw notSpreadsheet();
  } finally {
    inflater.destroy();
  }
}

function entryData(archive: ZipArchive, entry: ZipEntry): Uint8Array {
  const { bytes } = archive;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== LOCAL_HEADER) throw notSpreadsheet();
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  if (start + entry.compressedSize > bytes.length) throw notSpreadsheet();
  return bytes.subarray(start, start + entry.compressedSize);
}
