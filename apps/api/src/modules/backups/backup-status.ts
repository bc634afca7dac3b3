import { sql } from 'drizzle-orm';
import { backupWarning, type BackupRunView, type BackupStatus } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { goodNightlyBackupSql, listBackupFiles, NIGHTLY_BACKUP_RUN } from '../../backup/nightly-backup.ts';

export type BackupDeps = {
  db: Database;
  now: () => Date;
  timeZone: string;
  schedule: { time: string; keep: number; directory: string };
};

type RunRow = { period: string; startedAt: Date; finishedAt: Date | null; result: Record<string, unknown> | null };

/**
 * A failure's error as the admin reads it, any absolute path in it ("ENOTDIR: not a directory,
 * mkdir '/srv/kobo/backups'") put as "the backup folder": the server's layout is not the page's to
 * show (issue 34). The run's row and the log keep the whole message for whoever runs the server.
 */
export function withoutServerPaths(error: string | null): string | null {
  return error?.replace(/(['"]?)\/[^\s'"]+\1/g, 'the backup folder') ?? null;
}

function toRunView(row: RunRow): BackupRunView {
  const result = row.result ?? {};
  const text = (key: string) => (typeof result[key] === 'string' ? result[key] : null);
  return {
    night: row.period,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ok: row.finishedAt === null ? null : result.ok === true,
    fileName: text('file'),
    size: typeof result.size === 'number' ? result.size : null,
    error: withoutServerPaths(text('error')),
    host: text('host'),
  };
}

/** GET /api/backups: the schedule, the last run and the last good one, this instance's files, and a warning when one is due. */
export async function readBackupStatus(deps: BackupDeps): Promise<BackupStatus> {
  const [lastRun, lastSuccess] = await Promise.all([
    latestRun(deps.db, sql`name = ${NIGHTLY_BACKUP_RUN}`),
    latestRun(deps.db, goodNightlyBackupSql),
  ]);
  return {
    schedule: { time: deps.schedule.time, keep: deps.schedule.keep, timeZone: deps.timeZone },
    lastRun,
    lastSuccess,
    files: listBackupFiles(deps.schedule.directory).map(({ name, size, modifiedAt }) => ({ name, size, createdAt: modifiedAt.toISOString() })),
    warning: backupWarning(lastRun, lastSuccess, deps.now()),
  };
}

async function latestRun(db: Database, condition: ReturnType<typeof sql>): Promise<BackupRunView | null> {
  const rows = await queryRows<RunRow>(db, sql`
    select period, started_at as "startedAt", finished_at as "finishedAt", result
    from scheduled_runs where ${condition}
    order by started_at desc limit 1`);
  const row = rows[0];
  return row ? toRunView({ ...row, startedAt: new Date(row.startedAt), finishedAt: row.finishedAt ? new Date(row.finishedAt) : null }) : null;
}
