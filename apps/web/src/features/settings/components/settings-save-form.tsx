import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import type { SavedSettingsFormProps } from './saved-settings-section.tsx';

/** What a form would send, or the sentence to show beside its one checked field when it cannot. */
export type PreparedSave<Input> = { input: Input } | { fieldError: string };

type Props<Input> = Omit<SavedSettingsFormProps<unknown>, 'saved'> & {
  save: { isPending: boolean; mutateAsync: (input: Input) => Promise<unknown> };
  prepare: () => PreparedSave<Input>;
  /** The request field the server may name in a refusal: its message goes beside the field, not in the banner. */
  field: string;
  onFieldError: (message: string | null) => void;
  submitLabel: string;
  /** The form's fields, between the refusal's banner and the save button. */
  children: ReactNode;
};

/** The hook's one field: the form's checked field, whichever the caller shows it beside. */
const FIELDS = ['checked'] as const;

/**
 * The form of one saved setting (Receipts, Savings approvals, Books' start date): on submit, the
 * fields are checked, the checked field's problem shown beside it (and focused), and the save sent;
 * a refusal of that field goes beside it, any other in the banner above the fields. The shared
 * hook (issue 34) holds where each problem stands; the caller draws its field's sentence, since
 * the field is the caller's (`onFieldError`).
 */
export function SettingsSaveForm<Input>({ save, prepare, field, onFieldError, onSaved, onStart, submitLabel, children }: Props<Input>) {
  const problems = useFormProblems(FIELDS);

  function fieldProblem(message: string) {
    onFieldError(message);
    problems.show(message, 'checked');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    onStart();
    problems.clear();
    const prepared = prepare();
    if ('fieldError' in prepared) return fieldProblem(prepared.fieldError);
    onFieldError(null);
    // mutateAsync, not mutate's callbacks: the saved settings re-key (remount) this form before
    // per-call callbacks would run, and React Query drops those of an unmounted observer.
    void save.mutateAsync(prepared.input).then(onSaved, (failure: unknown) => {
      if (failure instanceof ApiError && failure.field === field) fieldProblem(errorMessage(failure, MESSAGES.serverError));
      else problems.fromServer(failure, MESSAGES.serverError);
    });
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ErrorBanner message={problems.banner} />
        {children}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
