import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { MESSAGES, booksStartSchema, dayLabel, firstIssueMessage, type BooksStart } from '@kobo/core';
import { useBooksStart, useSaveBooksStart } from '../api/books-start.ts';
import { SavedSettingsSection, type SavedSettingsFormProps } from './saved-settings-section.tsx';
import { SettingsSaveForm, type PreparedSave } from './settings-save-form.tsx';

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
  const [value, setValue] = useState(saved.booksStart);
  const [fieldError, setFieldError] = useState<string | null>(null);

  function prepare(): PreparedSave<{ booksStart: string }> {
    const input = { booksStart: value };
    const parsed = booksStartSchema.safeParse(input);
    return parsed.success ? { input } : { fieldError: firstIssueMessage(parsed.error) };
  }

  const description = saved.isSet
    ? 'No deposit, withdrawal, transfer, reversal or monthly run may be valued before this day.'
    : `Not set: until you choose a day, it is ${dayLabel(saved.booksStart)}, the earliest value date in the books or the day Kobo was set up. No posting may be valued before it.`;
  return (
    <SettingsSaveForm
      save={useSaveBooksStart()}
      prepare={prepare}
      field="booksStart"
      onFieldError={setFieldError}
      onSaved={onSaved}
      onStart={onStart}
      submitLabel="Save books' start date"
    >
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
    </SettingsSaveForm>
  );
}
