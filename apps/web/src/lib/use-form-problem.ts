import { useState } from 'react';
import { firstIssueMessage } from '@kobo/core';
import { ApiError, errorMessage } from './api-client.ts';

/** A failed parse of one of core's schemas (the web app reaches zod only through core). */
type SchemaError = Parameters<typeof firstIssueMessage>[0];

export type FormProblem<F extends string> = { message: string; field: F | null };

/**
 * One problem at a time, as the spec's forms show them: its sentence in the form's banner and, when
 * it belongs to a field, beside that field too (Mantine's `error` marks the input aria-invalid and
 * points its aria-describedby at the sentence). From core's schema as typed, or from the server.
 */
export function useFormProblem<F extends string>(fields: readonly F[]) {
  const [problem, setProblem] = useState<FormProblem<F> | null>(null);
  const fieldNamed = (name: unknown): F | null => fields.find((field) => field === name) ?? null;

  return {
    problem,
    /** The sentence to show beside `field`, if the problem is its. */
    errorOf: (field: F) => (problem?.field === field ? problem.message : null),
    fromSchema: (error: SchemaError) => setProblem({ message: firstIssueMessage(error), field: fieldNamed(error.issues[0]?.path[0]) }),
    fromServer: (failure: unknown, fallback: string) =>
      setProblem({ message: errorMessage(failure, fallback), field: failure instanceof ApiError ? fieldNamed(failure.field) : null }),
    /** A problem the form finds itself, outside the schema (e.g. no staff member chosen). */
    show: (message: string, field: F | null) => setProblem({ message, field }),
    clear: () => setProblem(null),
  };
}
