import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { MESSAGES, booksStartSchema, dayLabel, firstIssueMessage, type BooksStart } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useBooksStart, useSaveBooksStart } from '../api/books-start.ts';
import { SavedSettingsSection, type SavedSettingsFormProps } from './saved-settings-section.tsx';

/**
 * Settings → Books' start date (issue 26; docs/decisions/039): no savings posting may be valued
 * before it. Until an admin sets it, it is the earliest value date in the ledger or the day Kobo
 * was set up.
 */
export function BooksStartSection() {
  return (
    <SavedSettingsSection
      title="Books' start date"
      settings={useBooksStart()}
      loadFailedMessage={MESSAGES.loadBooksStartFailed}
      savedMessage={MESSAGES.booksStartSaved}
      Form={BooksStartForm}
    />
  );
}

type FormProps = SavedSettingsFormProps<BooksStart>;

function BooksStartForm({ saved, onSaved, onStart }: FormProps) {
  const save = useSaveBooksStart();
  const [value, setValue] = useState(saved.booksStart);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    onStart();
    setError(null);
    const input = { booksStart: value };
    const parsed = booksStartSchema.safeParse(input);
    if (!parsed.success) return setFieldError(firstIssueMessage(parsed.error));
    setFieldError(null);
    // mutateAsync: the saved value re-keys (remounts) this form before mutate's own callbacks would run.
    void save.mutateAsync(input).then(onSaved, (failure: unknown) => {
      const message = errorMessage(failure, MESSAGES.serverError);
      if (failure instanceof ApiError && failure.field === 'booksStart') setFieldError(message);
      else setError(message);
    });
  }

  const description = saved.isSet
    ? 'No deposit, withdrawal, transfer, reversal or monthly run may be valued before this day.'
    : `Not set: until you choose a day, it is ${dayLabel(saved.booksStart)}, the earliest value date in the books or the day Kobo was set up. No posting may be valued before it.`;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ErrorBanner message={error} />
        <TextInput
          type="date"
          label="Books' start date"
          description={description}
          value={value}
          error={fieldError}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setFieldError(null);
          }}
          maw={260}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save books' start date
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
