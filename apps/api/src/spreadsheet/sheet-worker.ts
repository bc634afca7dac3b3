import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { readCsvRows } from './read-csv.ts';
import { readXlsxRows } from './read-xlsx.ts';
import { SheetRefusal, type SheetLimits, type SheetRefusalReason, type SheetRow } from './sheet-refusal.ts';

/** One file to read, and what the worker answers: rows, a refusal, or a failure of Kobo's own. */
export type SheetJob = { bytes: Uint8Array; limits: SheetLimits };
export type SheetAnswer = { rows: SheetRow[] } | { refusal: SheetRefusalReason } | { failure: string };

/** An .xlsx is a zip archive: decided from the bytes, never the name. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Reads one file: an .xlsx's first sheet or a CSV, its non-empty rows; refusals as answers. */
export async function answerJob({ bytes, limits }: SheetJob): Promise<SheetAnswer> {
  try {
    if (bytes.length === 0) return { refusal: 'empty' };
    return { rows: isZip(bytes) ? await readXlsxRows(bytes, limits) : readCsvRows(bytes, limits.maxRows) };
  } catch (error) {
    if (error instanceof SheetRefusal) return { refusal: error.reason };
    return { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** The mark sheet-workers.ts gives its workers, so that importing this file elsewhere listens to nothing. */
export const SHEET_WORKER_MARK = 'kobo-sheet-reader';

// Inside a sheet worker: one job per message, answered in turn.
/**
 * Linux schedules threads one by one: this thread steps back (nice 10), so when the cores are
 * busy the request loop, at its usual priority, is served first and keeps answering.
 */
function yieldToTheRequestLoop(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId > 0) setPriority(threadId, 10);
  } catch {
    // Not Linux (no /proc/thread-self): the thread keeps its priority, and the bounds still hold.
  }
}

if (workerData === SHEET_WORKER_MARK) {
  yieldToTheRequestLoop();
  parentPort?.on('message', (job: SheetJob) => {
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker thread's port, not a window
    void answerJob(job).then((answer) => parentPort?.postMessage(answer));
  });
}
