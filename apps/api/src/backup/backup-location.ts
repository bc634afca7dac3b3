import { join } from 'node:path';
import type { Env } from '../config/env.ts';
import { BACKUP_EXTENSION } from './backup-file.ts';

/** Where backups go: BACKUP_DIR, else DATA_DIR/backups (both the CLI's default and the nightly job's). */
export function backupDirectory(env: Pick<Env, 'BACKUP_DIR' | 'DATA_DIR'>): string {
  return env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups');
}

/** kobo-2026-11-15T02-00-00Z.kobo-backup: sorts by time, and is safe in every file system. */
export function backupFileName(at: Date): string {
  return `kobo-${at.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '-')}${BACKUP_EXTENSION}`;
}
