/**
 * The expense import's benchmark (issue 14): a 10,000-row .xlsx built in memory, sent through the
 * real HTTP routes as the screen does: upload + review ("validate"), then the import itself.
 * expenses.bench.ts calls it on its running app; the caller must be an admin or manager when no
 * item exists yet (the bench then creates one with the import).
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { addDays, calendarDate, DEFAULT_TIMEZONE, type ImportReview, type UploadedImportFile } from '@kobo/core';

export const IMPORT_BENCH_ROWS = 10_000;

export type ImportBenchResult = { rows: number; validateSeconds: number; importSeconds: number; seconds: number };

export async function benchImport(options: { baseUrl: string; cookie: string; rows?: number; timeZone?: string }): Promise<ImportBenchResult> {
  const { baseUrl, cookie } = options;
  const rowCount = options.rows ?? IMPORT_BENCH_ROWS;
  const headers = { cookie, origin: baseUrl };
  async function call<T>(path: string, init: { body: BodyInit; headers?: Record<string, string> }): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body: init.body, headers: { ...headers, ...init.headers } });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  const categories = await fetch(`${baseUrl}/api/categories`, { headers }).then(async (response) => (await response.json()) as { categories: { name: string }[] });
  const item = categories.categories[0]?.name ?? 'Bench import item';
  const createItems = categories.categories.length === 0 ? [item] : [];
  const bytes = await benchWorkbook(rowCount, item, calendarDate(new Date(), options.timeZone ?? DEFAULT_TIMEZONE));

  const started = performance.now();
  const uploaded = await call<UploadedImportFile>('/api/expense-imports/file', {
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'bench.xlsx' },
  });
  const draft = { fileName: uploaded.fileName, rows: uploaded.rows, createItems };
  const review = await call<ImportReview>('/api/expense-imports/review', { body: JSON.stringify(draft), headers: { 'content-type': 'application/json' } });
  const validated = performance.now();
  if (review.readyCount !== rowCount) throw new Error(`only ${review.readyCount} of ${rowCount} bench rows are ready`);
  await call('/api/expense-imports', {
    body: JSON.stringify({ ...draft, expectedReadyCount: review.readyCount }),
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
  });
  const imported = performance.now();
  return { rows: rowCount, validateSeconds: seconds(validated - started), importSeconds: seconds(imported - validated), seconds: seconds(imported - started) };
}

function seconds(milliseconds: number): number {
  return Math.round(milliseconds) / 1000;
}

/** Rows over the last year, real date cells and number amounts, descriptions unique to this run (no duplicates). */
async function benchWorkbook(rows: number, item: string, today: string): Promise<Buffer> {
  const run = randomUUID().slice(0, 8);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Expenses');
  sheet.addRow(['Date', 'Item', 'Amount', 'Description', 'Payment method']);
  for (let index = 0; index < rows; index += 1) {
    const day = addDays(today, -(index % 365));
    sheet.addRow([new Date(`${day}T00:00:00Z`), item, 100 + (index % 5000) + 0.5, `Bench import ${run} row ${index}`, index % 3 === 0 ? 'Transfer' : 'Cash']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
