import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, backupFileParamsSchema, backupStatusSchema } from '@kobo/core';
import { fileAnswer } from '../../http/route-contract.ts';
import { listBackupFiles } from '../../backup/nightly-backup.ts';
import { readBackupStatus, type BackupDeps } from './backup-status.ts';

/** A backup holds every person's savings and every password hash: admins only, never a token. */
const manageBackups = { access: 'manage_users' } as const;

/** The nightly backups (issue 16, docs/decisions/025-backups.md): their state, and each file as a download. */
export async function backupsRoutes(app: FastifyInstance, deps: BackupDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/backups', { config: manageBackups, schema: { operationId: 'getBackupStatus', response: { 200: backupStatusSchema } } }, async () => readBackupStatus(deps));

  const download = { operationId: 'downloadBackup', params: backupFileParamsSchema, response: { 200: fileAnswer('application/gzip', 'The backup file (gzip-compressed JSON lines)') } };
  routes.get('/api/backups/files/:name', { config: { ...manageBackups, errors: ['BACKUP_NOT_FOUND'] }, schema: download }, async (request, reply) => {
    // Only a name this folder lists is opened: the pattern already rules out any path.
    const file = listBackupFiles(deps.schedule.directory).find((candidate) => candidate.name === request.params.name);
    if (!file) throw new AppError('BACKUP_NOT_FOUND');
    // The file is gzip'd JSON lines. Served as application/octet-stream, Chromium cancels the
    // download of a file type it does not know; as what it is, it saves it.
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('content-length', String(file.size))
      .header('cache-control', 'no-store')
      .send(createReadStream(join(deps.schedule.directory, file.name)));
  });
}
