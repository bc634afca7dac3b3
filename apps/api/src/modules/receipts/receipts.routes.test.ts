import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MAX_RECEIPT_BYTES, MESSAGES, type ExpenseView, type ReceiptView } from '@kobo/core';
import { expenseReceipts } from '../../db/schema.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addCategory } from '../expenses/expense-fixtures.ts';
import { solidImage, TINY_PDF, upload } from './receipt-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
let user: SignedInClient;
let otherUser: SignedInClient;
let staff: SignedInClient;
let categoryId: string;
let clock = new Date('2026-11-23T10:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext({}, () => clock);
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
  user = await ctx.signedIn('user');
  otherUser = await ctx.signedIn('user');
  staff = await ctx.signedIn('staff');
  categoryId = await addCategory(admin, 'Receipts test item');
});
afterAll(async () => ctx?.close());

async function uploaded(client: SignedInClient, fileName = 'till.png', bytes?: Buffer): Promise<ReceiptView> {
  const response = await upload(client, fileName, bytes ?? (await solidImage('png')));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().receipt as ReceiptView;
}

async function addExpense(client: SignedInClient, extra: Record<string, unknown> = {}) {
  return client.post('/api/expenses', { categoryId, amount: '1,000.00', date: '2026-11-23', description: 'Fuel', ...extra });
}

async function storedReceipts() {
  return ctx.app.kobo.database.db.select({ id: expenseReceipts.id }).from(expenseReceipts);
}

describe('uploading a receipt', () => {
  it('keeps a PNG, shrunk to 2,000 px, with a 240 px JPEG thumbnail, and answers its metadata', async () => {
    const response = await upload(user, 'Till roll.png', await solidImage('png', 2500, 1000));
    expect(response.statusCode, response.body).toBe(201);
    const { receipt } = response.json() as { receipt: ReceiptView };
    expect(receipt).toMatchObject({ fileName: 'Till roll.png', contentType: 'image/png', hasThumbnail: true });
    const file = await user.get(`/api/receipts/${receipt.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    expect(file.headers['content-disposition']).toBe(`inline; filename="Till roll.png"; filename*=UTF-8''Till%20roll.png`);
    expect(receipt.sizeBytes).toBe(file.rawPayload.length);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 2000, height: 800, format: 'png' });
    const thumbnail = await user.get(`/api/receipts/${receipt.id}/thumbnail`);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 240, height: 96, format: 'jpeg' });
  });

  it('turns a photo upright by its EXIF orientation and keeps none of its metadata', async () => {
    const sideways = await sharp(await solidImage('jpeg', 80, 40))
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'KoboCam', Copyright: 'GPS 6.5244 3.3792' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const receipt = await uploaded(user, 'IMG_0001.JPG', sideways);
    expect(receipt).toMatchObject({ fileName: 'IMG_0001.jpg', contentType: 'image/jpeg' });
    const file = await user.get(`/api/receipts/${receipt.id}`);
    const metadata = await sharp(file.rawPayload).metadata();
    expect({ width: metadata.width, height: metadata.height, orientation: metadata.orientation, exif: metadata.exif }).toEqual({
      width: 40,
      height: 80,
      orientation: undefined,
      exif: undefined,
    });
    expect(file.rawPayload.includes('KoboCam')).toBe(false);
  });

  it('keeps a PDF byte for byte, without a thumbnail', async () => {
    const receipt = await uploaded(user, 'invoice.pdf', TINY_PDF);
    expect(receipt).toMatchObject({ contentType: 'application/pdf', hasThumbnail: false, sizeBytes: TINY_PDF.length });
    const file = await user.get(`/api/receipts/${receipt.id}`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    expect((await user.get(`/api/receipts/${receipt.id}/thumbnail`)).statusCode).toBe(404);
  });

  it('decides the type from the content: a WebP named .pdf is a WebP', async () => {
    const receipt = await uploaded(user, 'scan.pdf', await solidImage('webp'));
    expect(receipt).toMatchObject({ fileName: 'scan.webp', contentType: 'image/webp' });
  });

  it('refuses a disguised or unsupported file with 415 and stores nothing', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    const cases: [string, Buffer][] = [
      ['photo.jpg', Buffer.from('<html><script>alert(1)</script></html>')],
      ['receipt.png', Buffer.from('MZ\x90\x00\x03\x00\x00\x00 not an image at all')],
      ['receipt.pdf', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['vector.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['animation.jpg', gif],
    ];
    for (const [name, bytes] of cases) {
      await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
        const response = await upload(user, name, bytes, 'image/jpeg');
        expect(response.statusCode, name).toBe(415);
        expect(response.json()).toEqual({ error: 'RECEIPT_WRONG_TYPE', message: MESSAGES.receiptWrongType, field: 'file' });
      });
    }
  });

  it('refuses a file over 10 MB with 413 and stores nothing; exactly 10 MB of a real PDF is taken', async () => {
    const tooBig = Buffer.concat([TINY_PDF, Buffer.alloc(MAX_RECEIPT_BYTES + 1 - TINY_PDF.length, 0x20)]);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await upload(user, 'huge.pdf', tooBig);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'RECEIPT_TOO_LARGE', message: MESSAGES.receiptTooLarge, field: 'file' });
    });
    const atLimit = await upload(user, 'limit.pdf', tooBig.subarray(0, MAX_RECEIPT_BYTES));
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json().receipt.sizeBytes).toBe(MAX_RECEIPT_BYTES);
  });

  it('refuses a corrupt image with 422, and a request without a file with 400', async () => {
    const png = await solidImage('png', 400, 400);
    const cut = await upload(user, 'cut.png', png.subarray(0, 60));
    expect(cut.statusCode).toBe(422);
    expect(cut.json().message).toBe(MESSAGES.receiptUnreadable);
    const asJson = await user.post('/api/receipts', { file: 'not a file' });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json().message).toBe(MESSAGES.receiptFileRequired);
    const empty = await upload(user, 'empty.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const noBoundary = await user.request('POST', '/api/receipts', 'garbage', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe(MESSAGES.receiptFileRequired);
  });

  it('cleans hostile file names: NUL, lone surrogates, 1,000 characters, path separators', async () => {
    const png = await solidImage('png');
    const loneSurrogate = Buffer.concat([Buffer.from('half'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('.png')]);
    const cases: [string | Buffer, string][] = [
      ['bad\u0000name.png', 'bad_name.png'],
      [loneSurrogate, 'half\uFFFD\uFFFD\uFFFD.png'],
      ['../../etc/passwd.png', 'passwd.png'],
      ['C:\\Users\\ada\\receipt.png', 'receipt.png'],
      ['.png', 'receipt.png'],
      ['😀 lunch.png', '😀 lunch.png'],
      ['x'.repeat(1000), `${'x'.repeat(116)}.png`],
    ];
    for (const [name, stored] of cases) {
      const receipt = await uploaded(user, name as string, png);
      expect(receipt.fileName, String(name)).toBe(stored);
      const file = await user.get(`/api/receipts/${receipt.id}`);
      const disposition = String(file.headers['content-disposition']);
      expect(disposition).toMatch(/^inline; filename="[A-Za-z0-9._ -]+"; filename\*=UTF-8''[A-Za-z0-9%._~!'()*-]+$/);
    }
  });
});

describe('who may fetch a receipt', () => {
  it('an upload not yet saved with an expense: only its uploader; 404 for everyone else who may see expenses', async () => {
    const receipt = await uploaded(user);
    expect((await user.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(200);
    for (const other of [otherUser, manager, admin]) {
      expect((await other.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(404);
      expect((await other.get(`/api/receipts/${receipt.id}/thumbnail`)).statusCode).toBe(404);
    }
    expect((await staff.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(403);
    expect((await ctx.client().get(`/api/receipts/${receipt.id}`)).statusCode).toBe(401);
  });

  it('a saved receipt: whoever may see its expense (its author, managers, admins); 404 for another user', async () => {
    const receipt = await uploaded(user);
    const created = await addExpense(user, { receiptIds: [receipt.id] });
    expect(created.statusCode, created.body).toBe(201);
    for (const reader of [user, manager, admin]) expect((await reader.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(200);
    const refused = await otherUser.get(`/api/receipts/${receipt.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MESSAGES.notFound);
    expect((await otherUser.get(`/api/receipts/${receipt.id}/thumbnail`)).statusCode).toBe(404);
    expect((await staff.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(403);
    expect((await user.get('/api/receipts/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('saving an expense with receipts', () => {
  it('attaches the uploads: the list shows a count, the single expense the receipts, and deleting the expense removes them', async () => {
    const first = await uploaded(user, 'a.png');
    const second = await uploaded(user, 'b.pdf', TINY_PDF);
    const created = await addExpense(user, { receiptIds: [first.id, second.id] });
    expect(created.statusCode, created.body).toBe(201);
    const { expense } = created.json() as { expense: ExpenseView };
    expect(expense.receiptCount).toBe(2);
    const single = (await user.get(`/api/expenses/${expense.id}`)).json().expense as ExpenseView;
    expect(single.receipts?.toSorted((x, y) => x.fileName.localeCompare(y.fileName))).toEqual([
      { id: first.id, fileName: 'a.png', contentType: 'image/png', sizeBytes: first.sizeBytes, hasThumbnail: true },
      { id: second.id, fileName: 'b.pdf', contentType: 'application/pdf', sizeBytes: TINY_PDF.length, hasThumbnail: false },
    ]);
    const listed = (await user.get('/api/expenses?time=all&limit=100')).json().items as ExpenseView[];
    expect(listed.find((item) => item.id === expense.id)).toMatchObject({ receiptCount: 2 });
    expect(listed.find((item) => item.id === expense.id)?.receipts).toBeUndefined();

    expect((await admin.request('DELETE', `/api/expenses/${expense.id}`)).statusCode).toBe(200);
    const left = await ctx.app.kobo.database.db.select().from(expenseReceipts).where(eq(expenseReceipts.id, first.id));
    expect(left).toEqual([]);
  });

  it("refuses someone else's upload, a receipt already on another expense, or a made-up id, and saves nothing", async () => {
    const theirs = await uploaded(otherUser);
    const onAnother = await uploaded(user);
    expect((await addExpense(user, { receiptIds: [onAnother.id] })).statusCode).toBe(201);
    const mine = await uploaded(user);
    for (const receiptIds of [[theirs.id], [onAnother.id], [mine.id, '00000000-0000-4000-8000-000000000000']]) {
      await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
        const response = await addExpense(user, { receiptIds });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'RECEIPT_NOT_ATTACHABLE', message: MESSAGES.receiptNotAttachable, field: 'receiptIds' });
      });
    }
    // Still the uploader's to use.
    expect((await addExpense(user, { receiptIds: [mine.id] })).statusCode).toBe(201);
  });

  it('refuses a malformed list or more than 10 receipts before anything is read', async () => {
    const many = Array.from({ length: 11 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    const cases = [
      [{ receiptIds: 'abc' }, MESSAGES.receiptNotAttachable],
      [{ receiptIds: ['not-a-uuid'] }, MESSAGES.receiptNotAttachable],
      [{ receiptIds: [42] }, MESSAGES.receiptNotAttachable],
      [{ receiptIds: many }, MESSAGES.tooManyReceipts],
    ] as const;
    for (const [extra, message] of cases) {
      const response = await addExpense(user, extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json()).toMatchObject({ message, field: 'receiptIds' });
    }
  });

  it('on an edit, the list sent replaces the set, no list keeps it, and another expense\'s receipt is refused', async () => {
    const [a, b, c] = [await uploaded(user, 'a.png'), await uploaded(user, 'b.png'), await uploaded(user, 'c.png')];
    const { expense } = (await addExpense(user, { receiptIds: [a.id, b.id] })).json() as { expense: ExpenseView };
    const edit = (extra: Record<string, unknown>) =>
      user.request('PUT', `/api/expenses/${expense.id}`, { categoryId, amount: '1,000.00', date: '2026-11-23', description: 'Fuel', ...extra });

    const replaced = await edit({ receiptIds: [b.id, c.id] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((replaced.json().expense as ExpenseView).receipts?.map((receipt) => receipt.fileName).toSorted()).toEqual(['b.png', 'c.png']);
    expect((await user.get(`/api/receipts/${a.id}`)).statusCode).toBe(404);

    const kept = await edit({ description: 'Fuel, edited' });
    expect((kept.json().expense as ExpenseView).receiptCount).toBe(2);

    const other = await uploaded(user, 'other.png');
    expect((await addExpense(user, { receiptIds: [other.id] })).statusCode).toBe(201);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const stolen = await edit({ receiptIds: [b.id, other.id] });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().field).toBe('receiptIds');
    });
    expect(((await user.get(`/api/expenses/${expense.id}`)).json().expense as ExpenseView).receipts?.map((r) => r.id).toSorted()).toEqual([b.id, c.id].toSorted());

    const cleared = await edit({ receiptIds: [] });
    expect((cleared.json().expense as ExpenseView).receiptCount).toBe(0);
  });

  it('a manager edits a user\'s expense and adds a receipt of their own upload', async () => {
    const { expense } = (await addExpense(user)).json() as { expense: ExpenseView };
    const receipt = await uploaded(manager);
    const response = await manager.request('PUT', `/api/expenses/${expense.id}`, { categoryId, amount: '1,000.00', date: '2026-11-23', receiptIds: [receipt.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await user.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(200);
  });
});

describe('"Receipt required above" (the admin\'s setting)', () => {
  it('is off by default; everyone who adds expenses reads it; only an admin changes it, and it is audited', async () => {
    expect((await user.get('/api/settings/receipts')).json()).toEqual({ settings: { requiredAboveKobo: null } });
    const byManager = await manager.request('PUT', '/api/settings/receipts', { requiredAbove: '50,000' });
    expect(byManager.statusCode).toBe(403);
    for (const requiredAbove of ['0', '-5', 'abc', '1.234', 12]) {
      const refused = await admin.request('PUT', '/api/settings/receipts', { requiredAbove: requiredAbove === 12 ? { a: 1 } : requiredAbove });
      expect(refused.statusCode, String(requiredAbove)).toBe(400);
      expect(refused.json()).toMatchObject({ message: MESSAGES.receiptThresholdInvalid, field: 'requiredAbove' });
    }
    const saved = await admin.request('PUT', '/api/settings/receipts', { requiredAbove: '50,000' });
    expect(saved.json()).toEqual({ settings: { requiredAboveKobo: 5_000_000 }, message: MESSAGES.receiptSettingsSaved });
    expect((await manager.get('/api/settings/receipts')).json()).toEqual({ settings: { requiredAboveKobo: 5_000_000 } });
    const audit = (await admin.get('/api/audit?kind=receipts.settings_changed')).json().entries;
    expect(audit[0]).toMatchObject({ before: { requiredAboveKobo: null }, after: { requiredAboveKobo: 5_000_000 } });
  });

  it('refuses an expense above it without a receipt, beside the field; at the amount or with a receipt it is saved', async () => {
    await admin.request('PUT', '/api/settings/receipts', { requiredAbove: '50,000' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await addExpense(user, { amount: '50,000.01' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'RECEIPT_REQUIRED', message: 'A receipt is required for expenses above ₦50,000.00', field: 'receiptIds' });
    });
    expect((await addExpense(user, { amount: '50,000.00' })).statusCode).toBe(201);
    const receipt = await uploaded(user);
    const withReceipt = await addExpense(user, { amount: '50,000.01', receiptIds: [receipt.id] });
    expect(withReceipt.statusCode).toBe(201);
    const { expense } = withReceipt.json() as { expense: ExpenseView };

    // Editing cannot take the last receipt off, nor raise a receipt-less expense above the amount.
    const body = { categoryId, amount: '50,000.01', date: '2026-11-23' };
    const emptied = await user.request('PUT', `/api/expenses/${expense.id}`, { ...body, receiptIds: [] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().field).toBe('receiptIds');
    expect((await user.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(200);
    const small = (await addExpense(user, { amount: '10.00' })).json().expense as ExpenseView;
    expect((await user.request('PUT', `/api/expenses/${small.id}`, body)).statusCode).toBe(400);

    await admin.request('PUT', '/api/settings/receipts', { requiredAbove: null });
    expect((await addExpense(user, { amount: '90,000.00' })).statusCode).toBe(201);
  });
});

describe('abandoned uploads', () => {
  it('are removed a day after upload, when the next receipt is uploaded', async () => {
    const old = await uploaded(user);
    const claimedEarlier = await uploaded(user);
    expect((await addExpense(user, { receiptIds: [claimedEarlier.id] })).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1000);
    await uploaded(otherUser);
    const ids = (await storedReceipts()).map((row) => row.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(claimedEarlier.id);
    expect((await addExpense(user, { receiptIds: [old.id] })).statusCode).toBe(400);
  });
});
