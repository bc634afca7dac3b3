import { useEffect, useId, useState } from 'react';
import { issuesByField, type IssuesByField } from '@kobo/core';
import { ApiError, errorMessage } from './api-client.ts';
import { problemsShown, type FormProblems } from './form-problems-shown.ts';

/** A failed parse of one of core's schemas (the web app reaches zod only through core). */
type SchemaError = Parameters<typeof issuesByField>[0];

export type { FormProblems };

const NONE = { fields: {}, general: null };

/**
 * Every form's problems, all at once (issue 34, docs/decisions/060-every-field-at-once.md): each
 * invalid field is flagged beside itself (Mantine's `error` marks it aria-invalid and points its
 * aria-describedby at the sentence), the focus moves to the first one, and the banner says only
 * what stands beside no field — a refusal without a field, or "2 fields need attention" — so no
 * sentence shows twice. A sentence several fields share stands once, beside the first of them;
 * the others are flagged without it. A sentence the spec words for the form's banner (`bannerSentences`:
 * SPEC 5's 'Please fill in all fields', 'Please fill in all required fields') stays in the banner,
 * its fields flagged without repeating it. Editing a field clears its flag. Give the form `formId` as
 * its id: the focus goes to its first invalid control, in the form's own order.
 */
export function useFormProblems<F extends string>(fields: readonly F[], options: { bannerSentences?: readonly string[] } = {}) {
  const [problems, setProblems] = useState<FormProblems<F>>(NONE);
  const [focusRequest, setFocusRequest] = useState(0);
  // The form's id, not a ref: the hook's result is read during render, which a ref must not be.
  const formId = useId();
  const fieldNamed = (name: unknown): F | null => fields.find((field) => field === name) ?? null;

  useEffect(() => {
    if (focusRequest === 0) return;
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formId]);

  function report(found: FormProblems<F>) {
    setProblems(found);
    if (Object.keys(found.fields).length > 0) setFocusRequest((count) => count + 1);
  }

  /** Every issue of core's schema at once, with any the form finds itself (e.g. guarantors to choose); whether there was any. */
  function fromSchema(error: SchemaError | null | undefined, extra: Partial<Record<F, string | null>> = {}): boolean {
    const sorted: IssuesByField = error ? issuesByField(error) : { fields: {}, general: null };
    const found: Partial<Record<F, string>> = {};
    for (const field of fields) {
      const message = sorted.fields[field] ?? extra[field];
      if (message) found[field] = message;
    }
    // An issue on a field the form does not show is the form's, not a field's.
    const stray = Object.entries(sorted.fields).find(([name]) => fieldNamed(name) === null)?.[1] ?? null;
    const general = sorted.general ?? stray;
    report({ fields: found, general });
    return Object.keys(found).length > 0 || general !== null;
  }

  /** The user edited `field`: its flag goes; the banner's summary follows the fields still flagged. */
  function edited(field: F) {
    setProblems((current) => {
      if (!current.fields[field]) return current;
      const { [field]: _gone, ...rest } = current.fields;
      return { fields: rest as Partial<Record<F, string>>, general: current.general };
    });
  }

  function single(message: string, field: F | null) {
    report(field ? { fields: { [field]: message } as Partial<Record<F, string>>, general: null } : { fields: {}, general: message });
  }

  const shown = problemsShown(fields, problems, options.bannerSentences);

  return {
    /** The banner's sentence, or null when every problem stands beside its field. */
    banner: shown.banner,
    hasProblems: shown.flagged.length > 0 || problems.general !== null,
    /** The form's `id`: the focus goes to its first invalid control. */
    formId,
    /** Beside `field`: its sentence, or `true` (flagged, worded elsewhere) when another field or the banner already says it. */
    errorOf: (field: F): string | true | null => shown.beside[field] ?? null,
    fromSchema,
    /** The form's own checks, field by field (null where the field is fine); whether there was any problem. */
    check: (found: Partial<Record<F, string | null>>) => fromSchema(null, found),
    /** The server's refusal: beside the field it names, else in the banner. */
    fromServer: (failure: unknown, fallback: string) =>
      single(errorMessage(failure, fallback), failure instanceof ApiError ? fieldNamed(failure.field) : null),
    /** One problem the form finds itself, outside the schema (e.g. no staff member chosen). */
    show: single,
    edited,
    /** A text input's onChange: sets the value and clears the field's flag. */
    typed: (field: F, set: (value: string) => void) => (event: { currentTarget: { value: string } }) => {
      set(event.currentTarget.value);
      edited(field);
    },
    clear: () => setProblems(NONE),
  };
}
