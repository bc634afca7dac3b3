import { useState, type ReactNode } from 'react';
import { Group, NativeSelect } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { MESSAGES } from '@kobo/core';
import { errorMessage } from '../../../lib/api-client.ts';

/**
 * One mapping as a select of the accounts it may use; choosing saves at once, and the server's
 * refusal shows beside the select.
 */
export function MappingSelect({
  label,
  value,
  options,
  onSave,
  children,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onSave: (accountId: string) => Promise<unknown>;
  /** A button beside the select (a payment method's Remove). */
  children?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <NativeSelect
        label={label}
        data={options}
        value={value}
        error={error}
        disabled={isSaving}
        style={{ flex: 1, minWidth: 0 }}
        onChange={(event) => {
          const accountId = event.currentTarget.value;
          setError(null);
          setIsSaving(true);
          onSave(accountId)
            .catch((failure: unknown) => setError(errorMessage(failure, MESSAGES.serverError)))
            .finally(() => setIsSaving(false));
        }}
      />
      {children}
    </Group>
  );
}
