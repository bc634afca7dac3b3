import type { ZodError } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * A failed parse, sorted for a form (issue 34, docs/decisions/060-every-field-at-once.md): the
 * first sentence for each field, in the order the schema checks them (the form's order), and the
 * first sentence that belongs to no field. Every field is flagged at once, not one per submit.
 * Type-only zod, so forms can use it without loading zod.
 */
export type IssuesByField = { fields: Record<string, string>; general: string | null };

export function issuesByField(error: Pick<ZodError, 'issues'>): IssuesByField {
  const fields: Record<string, string> = {};
  let general: string | null = null;
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string') fields[field] ??= issue.message;
    else general ??= issue.message;
  }
  return { fields, general };
}

/** The banner's summary of several flagged fields: '1 field needs attention', '2 fields need attention'. */
export function fieldsNeedAttention(count: number): string {
  return count === 1 ? MESSAGES.oneFieldNeedsAttention : `${count} fields need attention`;
}
