import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * Nightly backups (issue 16, docs/decisions/025-backups.md): what the admin's Backups section
 * shows, and the one rule for when it warns.
 */

/** A backup older than this is stale: the nightly job has missed at least one night. */
export const BACKUP_STALE_MS = 2 * 24 * 60 * 60 * 1000;
/** A run that started this long ago and never finished died with its process. */
export const BACKUP_RUN_LOST_MS = 60 * 60 * 1000;

/** kobo-2026-11-15T02-00-00Z.kobo-backup (backupFileName on the server); nothing else is served. */
export const BACKUP_FILE_PATTERN = /^kobo-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.kobo-backup$/;

export const backupFileParamsSchema = z.object({
  name: z.string().max(100).regex(BACKUP_FILE_PATTERN, MESSAGES.backupNotFound),
});

/** One night's run as scheduled_runs records it. */
export const backupRunViewSchema = z.object({
  night: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  ok: z.boolean().nullable(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The instance that took it: with several servers, the file is on that one's BACKUP_DIR. */
  host: z.string().nullable(),
});
export type BackupRunView = z.infer<typeof backupRunViewSchema>;

export const backupFileViewSchema = z.object({ name: z.string(), size: z.number().int(), createdAt: z.string() });
export type BackupFileView = z.infer<typeof backupFileViewSchema>;

/**
 * GET /api/backups. No server path in it (issue 34): the backup folder, and any path a failure's
 * error names, stay on the server (its log and BACKUP_DIR); the admin downloads files by name.
 */
export const backupStatusSchema = z.object({
  schedule: z.object({ time: z.string(), timeZone: z.string(), keep: z.number().int() }),
  lastRun: backupRunViewSchema.nullable(),
  lastSuccess: backupRunViewSchema.nullable(),
  /** The backup files in this instance's directory, newest first. */
  files: z.array(backupFileViewSchema),
  warning: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/**
 * Why the admin should look, or null: the last run failed or never finished, or the last good
 * backup is more than two days old (or there has never been one although the server has run
 * through a scheduled time).
 */
export function backupWarning(lastRun: BackupRunView | null, lastSuccess: BackupRunView | null, now: Date): string | null {
  if (lastRun && lastRun.ok === false) return `${MESSAGES.backupFailed} ${lastRun.error ?? 'unknown error'}`;
  if (lastRun && lastRun.ok === null && now.getTime() - Date.parse(lastRun.startedAt) > BACKUP_RUN_LOST_MS) {
    return MESSAGES.backupDidNotFinish;
  }
  if (!lastRun) return null;
  const lastGood = lastSuccess?.finishedAt ? Date.parse(lastSuccess.finishedAt) : null;
  if (lastGood === null || now.getTime() - lastGood > BACKUP_STALE_MS) return MESSAGES.backupStale;
  return null;
}
