import { fieldsNeedAttention } from '@kobo/core';

/** What a form found wrong: a sentence per field, and at most one that belongs to no field. */
export type FormProblems<F extends string> = { fields: Partial<Record<F, string>>; general: string | null };

/**
 * Where each of a form's problems is shown, so that no sentence shows twice (issue 34,
 * docs/decisions/060-every-field-at-once.md). Beside each field: its sentence, or `true` (flagged,
 * worded elsewhere) when the banner or an earlier field already says it. The banner: the sentence
 * of no field, else a sentence the spec words for the form's banner (`bannerSentences`), else —
 * for two or more flagged fields — a summary; one flagged field needs no banner.
 */
export function problemsShown<F extends string>(fields: readonly F[], problems: FormProblems<F>, bannerSentences: readonly string[] = []) {
  const flagged = fields.filter((field) => problems.fields[field]);
  const inBanner = (message: string) => bannerSentences.includes(message);
  const bannerSentence = flagged.map((field) => problems.fields[field] ?? '').find(inBanner) ?? null;
  const beside: Partial<Record<F, string | true>> = {};
  const said = new Set<string>();
  for (const field of flagged) {
    const message = problems.fields[field] ?? '';
    beside[field] = inBanner(message) || said.has(message) ? true : message;
    said.add(message);
  }
  return {
    banner: problems.general ?? bannerSentence ?? (flagged.length > 1 ? fieldsNeedAttention(flagged.length) : null),
    beside,
    flagged,
  };
}
