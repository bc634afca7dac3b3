import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_FILE_PATTERN, calendarDate, startOfDay } from '@kobo/core';
import { queryRows, type DatabaseHandle } from '../db/client.ts';
import { backupFileName } from './backup-location.ts';
import { takeBackup } from './take-backup.ts';

/** The name of the nightly backup's rows in scheduled_runs (metrics and the Backups screen read them). */
export const NIGHTLY_BACKUP_RUN = 'nightly-backup';
/** A scheduled_runs row that is a good nightly backup: the one definition the Backups screen and /metrics share. */
export const goodNightlyBackupSql = sql`name = ${NIGHTLY_BACKUP_RUN} and finished_at is not null and result->>'ok' = 'true'`;
const EVERY_MINUTE = 60 * 1000;

export type NightlyRun = { night: string | null; ran: boolean; ok?: boolean; file?: string };

export type NightlyBackups = {
  /** Takes tonight's backup if its time has come and no instance has taken it; what it did. */
  check: () => Promise<NightlyRun>;
  close: () => Promise<void>;
};

export type NightlyBackupOptions = {
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  log: FastifyBaseLogger;
  now: () => Date;
  timeZone: string;
  /** HH:MM in timeZone. */
  time: string;
  keep: number;
  directory: string;
  /** Check every minute (the server); false: only when asked (tests). */
  timer: boolean;
};

/** When `night`'s backup is due: its calendar day's start plus the configured time of day. */
export function dueAt(night: string, time: string, timeZone: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(startOfDay(night, timeZone).getTime() + (hours * 60 + minutes) * 60 * 1000);
}

/**
 * The nightly backup (issue 16, docs/decisions/025-backups.md). A check (every minute) asks
 * whether tonight's time has passed; the first check after it, on any instance, wins the
 * scheduled_runs row for that night (insert … on conflict do nothing, committed before the backup
 * starts), so two instances never take the same night's backup, and a server that was down at 02:00
 * takes it on its first check that day. The backup itself is one repeatable-read snapshot
 * (take-backup.ts); the row then records the file, its size and the host, or the error. After a good
 * backup only the newest `keep` files in the folder stay.
 */
export function startNightlyBackups(options: NightlyBackupOptions): NightlyBackups {
  const { database, log } = options;
  let running: Promise<NightlyRun> | null = null;

  async function runOnce(): Promise<NightlyRun> {
    const at = options.now();
    const night = calendarDate(at, options.timeZone);
    if (at < dueAt(night, options.time, options.timeZone)) return { night: null, ran: false };
    const won = await queryRows<{ name: string }>(database.db, sql`
      insert into scheduled_runs (name, period, started_at) values (${NIGHTLY_BACKUP_RUN}, ${night}, ${at.toISOString()}::timestamptz)
      on conflict do nothing returning name`);
    if (won.length === 0) return { night, ran: false };
    const host = hostname();
    try {
      const out = join(options.directory, backupFileName(at));
      const { size, manifest } = await takeBackup(database, { out, now: at });
      const removed = pruneBackups(options.directory, options.keep);
      await record(night, { ok: true, file: basename(out), size, host, migration: manifest.migration.tag, removed });
      log.info({ night, file: out, size, removed }, 'nightly backup written');
      return { night, ran: true, ok: true, file: out };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await record(night, { ok: false, error: message.slice(0, 500), host }).catch(() => {});
      log.error({ err: error, night }, 'the nightly backup failed');
      return { night, ran: true, ok: false };
    }
  }

  // The app's clock, not the database's: the Backups screen and its warning compare with the same clock.
  async function record(night: string, result: Record<string, unknown>) {
    await database.db.execute(sql`
      update scheduled_runs set finished_at = ${options.now().toISOString()}::timestamptz, result = ${JSON.stringify(result)}::jsonb
      where name = ${NIGHTLY_BACKUP_RUN} and period = ${night}`);
  }

  // One check at a time in this process: a slow backup never overlaps the next minute's check.
  function check(): Promise<NightlyRun> {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = options.timer
    ? setInterval(() => void check().catch((error: unknown) => log.error({ err: error }, 'the nightly backup check failed')), EVERY_MINUTE)
    : null;
  timer?.unref();
  return {
    check,
    close: async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}

/** Deletes all but the newest `keep` backup files (by name, which sorts by time); the names it removed. */
export function pruneBackups(directory: string, keep: number): string[] {
  const names = listBackupFiles(directory).map((file) => file.name);
  const removed = names.slice(keep);
  for (const name of removed) unlinkSync(join(directory, name));
  return removed;
}

/** Kobo's backup files in `directory`, newest first; none when the folder does not exist yet. */
export function listBackupFiles(directory: string): { name: string; size: number; modifiedAt: Date }[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names
    .filter((name) => BACKUP_FILE_PATTERN.test(name))
    .toSorted()
    .toReversed()
    .flatMap((name) => {
      // Pruned by another instance sharing the folder between the listing and this look.
      try {
        const stat = statSync(join(directory, name));
        return [{ name, size: stat.size, modifiedAt: stat.mtime }];
      } catch {
        return [];
      }
    });
}
