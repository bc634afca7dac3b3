import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupStatus } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Issue 16: the nightly backup's schedule, last run, files and warning (admins). */
export function useBackupStatus() {
  return useQuery(queryOptions({ queryKey: ['backups'], queryFn: () => apiRequest<BackupStatus>('/api/backups') }));
}

/** A plain link the browser downloads itself: a backup may be large, and its progress is the browser's. */
export function backupFileHref(name: string): string {
  return `/api/backups/files/${encodeURIComponent(name)}`;
}
