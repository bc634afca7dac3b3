import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../test/test-app.ts';
import { expectNoRowsWritten } from '../test/row-counts.ts';
import { decodeBackup } from './backup-file.ts';

// Lagos is UTC+1: 01:59Z is 02:59 there. The nightly time is 03:00, so the night of 15 Nov 2026
// becomes due at 02:00Z.
let clock = new Date('2026-11-15T01:59:00Z');
const folder = mkdtempSync(join(tmpdir(), 'kobo-nightly-'));
const backupDir = join(folder, 'backups');
let ctx: TestContext;
let admin: SignedInClient;

beforeAll(async () => {
  mkdirSync(backupDir);
  // Two files from earlier nights, and one that is not Kobo's: with BACKUP_KEEP=2 the older of the two goes.
  writeFileSync(join(backupDir, 'kobo-2026-11-13T02-00-00Z.kobo-backup'), 'older');
  writeFileSync(join(backupDir, 'kobo-2026-11-14T02-00-00Z.kobo-backup'), 'old');
  writeFileSync(join(backupDir, 'notes.txt'), 'mine');
  ctx = await createTestContext({ BACKUP_DIR: backupDir, BACKUP_TIME: '03:00', BACKUP_KEEP: '2' }, () => clock);
  admin = await ctx.signedIn('admin');
});
afterAll(async () => {
  await ctx?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the nightly backup', () => {
  it('waits for its time of day in the organisation’s time zone', async () => {
    expect(await ctx.app.kobo.backups.check()).toEqual({ night: null, ran: false });
    expect((await admin.get('/api/backups')).json()).toMatchObject({ lastRun: null, lastSuccess: null, warning: null });
  });

  it('then writes one backup for the night, keeps the newest two files and leaves other files alone', async () => {
    clock = new Date('2026-11-15T02:00:30Z');
    const run = await ctx.app.kobo.backups.check();
    expect(run).toMatchObject({ night: '2026-11-15', ran: true, ok: true });
    expect(readdirSync(backupDir).toSorted()).toEqual(['kobo-2026-11-14T02-00-00Z.kobo-backup', 'kobo-2026-11-15T02-00-30Z.kobo-backup', 'notes.txt']);
    const { manifest } = decodeBackup(readFileSync(join(backupDir, 'kobo-2026-11-15T02-00-30Z.kobo-backup')));
    expect(manifest.createdAt).toBe('2026-11-15T02:00:30.000Z');
    expect(manifest.rowCounts.users).toBe(1);
  });

  it('runs once a night, however often it is asked', async () => {
    clock = new Date('2026-11-15T22:00:00Z');
    expect(await Promise.all([ctx.app.kobo.backups.check(), ctx.app.kobo.backups.check()])).toEqual([
      { night: '2026-11-15', ran: false },
      { night: '2026-11-15', ran: false },
    ]);
    expect(readdirSync(backupDir).filter((name) => name.endsWith('.kobo-backup'))).toHaveLength(2);
  });

  it('is shown to the admin with its size, and the files in the folder, newest first', async () => {
    const response = await admin.get('/api/backups');
    expect(response.statusCode).toBe(200);
    const size = readFileSync(join(backupDir, 'kobo-2026-11-15T02-00-30Z.kobo-backup')).length;
    const run = {
      night: '2026-11-15',
      startedAt: '2026-11-15T02:00:30.000Z',
      ok: true,
      fileName: 'kobo-2026-11-15T02-00-30Z.kobo-backup',
      size,
      error: null,
    };
    expect(response.json()).toMatchObject({
      schedule: { time: '03:00', timeZone: 'Africa/Lagos', keep: 2 },
      lastRun: run,
      lastSuccess: run,
      warning: null,
    });
    // Issue 34: the answer names no server path, the backup folder least of all.
    expect(response.body).not.toContain(backupDir);
    expect(response.json().schedule).toEqual({ time: '03:00', timeZone: 'Africa/Lagos', keep: 2 });
    expect(response.json().files).toEqual([
      { name: 'kobo-2026-11-15T02-00-30Z.kobo-backup', size, createdAt: expect.any(String) },
      { name: 'kobo-2026-11-14T02-00-00Z.kobo-backup', size: 3, createdAt: expect.any(String) },
    ]);
  });

  it('downloads a backup file byte for byte, to admins only', async () => {
    const name = 'kobo-2026-11-15T02-00-30Z.kobo-backup';
    const response = await admin.get(`/api/backups/files/${name}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.equals(readFileSync(join(backupDir, name)))).toBe(true);
    for (const role of ['manager', 'staff', 'user'] as const) {
      const other = await ctx.signedIn(role);
      expect((await other.get(`/api/backups/files/${name}`)).statusCode).toBe(403);
      expect((await other.get('/api/backups')).statusCode).toBe(403);
    }
    expect((await ctx.client().get(`/api/backups/files/${name}`)).statusCode).toBe(401);
  });

  it.each([
    ['a file the folder does not hold', '/api/backups/files/kobo-2020-01-01T02-00-00Z.kobo-backup', 404],
    ['a file that is not a backup', '/api/backups/files/notes.txt', 400],
    ['a path out of the folder', '/api/backups/files/..%2F..%2Fetc%2Fpasswd', 400],
    ['a path with a NUL byte', '/api/backups/files/kobo-2026-11-15T02-00-30Z.kobo-backup%00', 400],
    ['an encoded slash inside a good name', '/api/backups/files/kobo-2026-11-15T02-00-30Z%2Fkobo-backup', 400],
  ])('refuses %s with %i, writing nothing', async (_name, url, status) => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.get(url);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });
  });

  it('warns once the last good backup is more than two days old', async () => {
    clock = new Date('2026-11-17T02:00:29Z');
    expect((await admin.get('/api/backups')).json().warning).toBeNull();
    clock = new Date('2026-11-17T02:00:31Z');
    expect((await admin.get('/api/backups')).json().warning).toBe(MESSAGES.backupStale);
  });
});

describe('a nightly backup that fails', () => {
  let failing: TestContext;
  let failingAdmin: SignedInClient;
  const blocker = join(folder, 'a-file');
  beforeAll(async () => {
    writeFileSync(blocker, 'not a folder');
    failing = await createTestContext({ BACKUP_DIR: join(blocker, 'backups'), BACKUP_TIME: '00:00' }, () => new Date('2026-11-20T12:00:00Z'));
    failingAdmin = await failing.signedIn('admin');
  });
  afterAll(async () => failing?.close());

  it('records why, and the admin sees it as a warning', async () => {
    expect(await failing.app.kobo.backups.check()).toEqual({ night: '2026-11-20', ran: true, ok: false });
    const status = (await failingAdmin.get('/api/backups')).json();
    expect(status.lastRun).toMatchObject({ night: '2026-11-20', ok: false, fileName: null, size: null });
    expect(status.lastRun.error).toMatch(/^ENOTDIR: not a directory, mkdir the backup folder$/);
    expect(JSON.stringify(status)).not.toContain(folder);
    expect(status.lastSuccess).toBeNull();
    expect(status.warning).toBe(`${MESSAGES.backupFailed} ${status.lastRun.error}`);
    expect(status.files).toEqual([]);
  });
});
