import type { Role } from '@kobo/core';
import type { AuditActor } from '../modules/audit/record-audit.ts';
import type { ImportReport } from './legacy-report.ts';
import type { LegacyExport } from './read-legacy-file.ts';

/**
 * Who the audit log and the invitation mails name for what the import does: no one signed in
 * runs it, so a system actor, as `npm run admin` has (docs/decisions/026-legacy-import.md).
 */
export const LEGACY_IMPORT_ACTOR: AuditActor = { id: 'legacy-import', name: 'Import from the old app', email: 'npm run import:legacy' };

/** What the import's steps share inside its one transaction. */
export type LegacyImportContext = {
  file: LegacyExport;
  report: ImportReport;
  now: Date;
  timeZone: string;
  appUrl: string;
  /** The old app's user ids → the Kobo user they became (or already were). */
  people: Map<string, { id: string; name: string; role: Role }>;
};
