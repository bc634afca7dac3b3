import type { z } from 'zod';

/**
 * A books form's fields for the shared hook (issue 34, lib/use-form-problems.ts): its own fields,
 * then each line's account and amount by path ('lines.0.accountId', 'lines.1.amount'), in the
 * form's order. The entry's own problems ('lines': unbalanced, too few lines) are no field's: the
 * banner says them.
 */
export function entryFields<F extends string>(own: readonly F[], lineCount: number): string[] {
  return [...own, ...Array.from({ length: lineCount }, (_, index) => [`lines.${index}.accountId`, `lines.${index}.amount`]).flat()];
}

/**
 * The schema's issues named by their whole path, so that a line's problem stands beside that line
 * (core's issuesByField names a field by the first step of its path, which for a line is 'lines').
 */
export function byWholePath(error: z.ZodError): { issues: z.ZodIssue[] } {
  return { issues: error.issues.map((issue) => ({ ...issue, path: [issue.path.join('.')] })) };
}
