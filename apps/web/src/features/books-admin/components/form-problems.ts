import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';

/** Field paths ('narration', 'lines', 'lines.0.accountId', 'lines.1.amount') to the sentence shown beside each. */
export type FormProblems = Record<string, string>;

/** The schema's refusals, each beside its field: the first sentence per field. */
export function problemsOf(error: z.ZodError): FormProblems {
  const problems: FormProblems = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    problems[key] ??= issue.message;
  }
  return problems;
}

/** The server's refusal beside the field it names; null when it names none (shown above the buttons). */
export function serverProblem(error: unknown): FormProblems | null {
  if (error instanceof ApiError && error.status < 500 && error.field) return { [error.field]: error.message };
  return null;
}
