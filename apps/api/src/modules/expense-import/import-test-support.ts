import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ImportReview, ImportRowInput } from '@kobo/core';
import type { TestClient } from '../../test/test-app.ts';

/** Test support for the expense import: files built in memory and the three requests the screen makes. */
export const HEADER = ['Date', 'Item', 'Amount', 'Description', 'Payment method'];

function quote(cell: string | number): string {
  return typeof cell === 'number' ? String(cell) : `"${cell.replaceAll('"', '""')}"`;
}

export function csv(lines: (string | number)[][]): Buffer {
  return Buffer.from(lines.map((line) => line.map(quote).join(',')).join('\r\n'), 'utf8');
}

export async function xlsx(build: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Expenses'), workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function upload(client: TestClient, bytes: Buffer, name = 'expenses.csv') {
  return client.request('POST', '/api/expense-imports/file', bytes, { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) });
}

export async function uploadedRows(client: TestClient, bytes: Buffer, name?: string): Promise<ImportRowInput[]> {
  const response = await upload(client, bytes, name);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rows as ImportRowInput[];
}

export async function review(client: TestClient, rows: ImportRowInput[], createItems: string[] = [], fileName = 'expenses.csv'): Promise<ImportReview> {
  const response = await client.post('/api/expense-imports/review', { fileName, rows, createItems });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportReview;
}

export function importRows(client: TestClient, rows: ImportRowInput[], expectedReadyCount: number, options: { createItems?: string[]; key?: string; fileName?: string } = {}) {
  return client.post(
    '/api/expense-imports',
    { fileName: options.fileName ?? 'expenses.csv', rows, createItems: options.createItems ?? [], expectedReadyCount },
    options.key ? { 'idempotency-key': options.key } : {},
  );
}
