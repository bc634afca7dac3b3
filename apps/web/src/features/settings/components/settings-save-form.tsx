import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
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

/**
 * The form of one saved setting (Receipts, Savings approvals, Books' start date): on submit, the
 * fields are checked, the checked field's problem shown beside it, and the save sent; a refusal of
 * that field goes beside it, any other in the banner above the fields.
 */
export function SettingsSaveForm<Input>({ save, prepare, field, onFieldError, onSaved, onStart, submitLabel, children }: Props<Input>) {
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    onStart();
    setError(null);
    const prepared = prepare();
    if ('fieldError' in prepared) return onFieldError(prepared.fieldError);
    onFieldError(null);
    // mutateAsync, not mutate's callbacks: the saved settings re-key (remount) this form before
    // per-call callbacks would run, and React Query drops those of an unmounted observer.
    void save.mutateAsync(prepared.input).then(onSaved, (failure: unknown) => {
      const message = errorMessage(failure, MESSAGES.serverError);
      if (failure instanceof ApiError && failure.field === field) onFieldError(message);
      else setError(message);
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ErrorBanner message={error} />
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
