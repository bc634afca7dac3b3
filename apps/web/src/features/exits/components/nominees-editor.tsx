import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { FaPlus, FaTrash } from 'react-icons/fa';
import { MAX_NOMINEES, MESSAGES, type NomineesAnswer } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useNominees, useSaveNominees } from '../api/nominees.ts';
import { EXIT_FAILED } from './exit-labels.tsx';
import { checkNominees, rowsOf, totalBp, type NomineeField, type NomineeRow } from './nominee-rows.ts';

type Props = {
  /** null: the signed-in member's own nominees; else a member's, edited by an officer. */
  userId: string | null;
  canEdit: boolean;
  /** The heading's words: "Your nominees" or "Nominees". */
  title: string;
  /** What the list is for, in the reader's words. */
  description?: string;
};

/**
 * Nominees (issue 32): who receives a deceased member's savings, in shares adding to 100%. Rows of
 * name, relationship, phone and share (as typed: '60' or '33.33'), added and removed; the total
 * shown; every invalid field flagged beside itself and a wrong total beside the list. Saved whole.
 */
export function NomineesEditor({ userId, canEdit, title, description = 'If the member dies, their savings are paid to these people in these shares.' }: Props) {
  const nominees = useNominees(userId);
  const flash = useFlashMessage();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`nominees-${userId ?? 'mine'}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`nominees-${userId ?? 'mine'}`}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <SuccessBanner message={flash.message} />
        {nominees.isPending && <BusyIndicator />}
        <ErrorBanner message={nominees.error ? errorMessage(nominees.error, EXIT_FAILED.load) : null} />
        {nominees.data && (
          <NomineesForm key={nominees.data.updatedAt ?? 'none'} userId={userId} saved={nominees.data} canEdit={canEdit} onSaved={() => flash.show('Nominees saved.')} onStart={flash.clear} />
        )}
      </Stack>
    </Paper>
  );
}

/** Row keys for React, unique across every editor on the page. */
let rowCounter = 0;
function nextKey(): string {
  rowCounter += 1;
  return `nominee-row-${rowCounter}`;
}

const ROW_FIELDS: readonly NomineeField[] = ['name', 'relationship', 'phone', 'share'];
/** A row's field for the form's problems: by the row's key, so removing a row moves no flag. */
const fieldOf = (row: NomineeRow, field: NomineeField) => `${row.key}.${field}`;
/** The list's own problem (shares not adding to 100%), beside the total; also where the server's 'nominees' refusal stands. */
const LIST = 'nominees';

type FormProps = { userId: string | null; saved: NomineesAnswer; canEdit: boolean; onSaved: () => void; onStart: () => void };

function NomineesForm({ userId, saved, canEdit, onSaved, onStart }: FormProps) {
  const [rows, setRows] = useState<NomineeRow[]>(() => rowsOf(saved.nominees, nextKey));
  const save = useSaveNominees(userId);
  const total = totalBp(rows);
  const problems = useFormProblems([...rows.flatMap((row) => ROW_FIELDS.map((field) => fieldOf(row, field))), LIST]);

  function change(row: NomineeRow, field: NomineeField, value: string) {
    setRows((current) => current.map((other) => (other.key === row.key ? { ...other, [field]: value } : other)));
    problems.edited(fieldOf(row, field));
    // A share changed: the total is another, and its flag goes too.
    if (field === 'share') problems.edited(LIST);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    onStart();
    const checked = checkNominees(rows);
    if ('problems' in checked) {
      const { rows: rowProblems, list } = checked.problems;
      const found = rows.flatMap((row, index) => ROW_FIELDS.map((field) => [fieldOf(row, field), rowProblems[index]?.[field] ?? null] as const));
      problems.check({ ...Object.fromEntries(found), [LIST]: list });
      return;
    }
    problems.clear();
    // mutateAsync: a save re-keys (remounts) this form before per-call callbacks would run.
    void save.mutateAsync(checked.input).then(onSaved, (failure: unknown) => problems.fromServer(failure, EXIT_FAILED.step));
  }

  if (!canEdit) {
    return saved.nominees.length === 0 ? (
      <Text>No nominee is recorded.</Text>
    ) : (
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Nominees">
        {saved.nominees.map((nominee, index) => (
          <Text component="li" key={`${nominee.name}:${index}`} style={{ overflowWrap: 'anywhere' }}>
            {nominee.name} ({nominee.relationship}), {nominee.phone}: {nominee.shareBp / 100}%
          </Text>
        ))}
      </Stack>
    );
  }

  const listProblem = problems.errorOf(LIST);
  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={problems.banner} />
        {rows.length === 0 && <Text>No nominee is recorded yet.</Text>}
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Nominees" aria-describedby={typeof listProblem === 'string' ? 'nominees-total-problem' : undefined}>
          {rows.map((row, index) => {
            const number = index + 1;
            return (
              <li key={row.key}>
                <Paper withBorder radius="sm" p="sm">
                  <Group justify="space-between" gap="xs" mb={4}>
                    <Text fw={600} size="sm">
                      Nominee {number}
                    </Text>
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove nominee ${number}`} onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
                      <FaTrash aria-hidden />
                    </ActionIcon>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput label={`Name of nominee ${number}`} value={row.name} onChange={(event) => change(row, 'name', event.currentTarget.value)} error={problems.errorOf(fieldOf(row, 'name'))} maxLength={100} autoComplete="off" />
                    <TextInput
                      label={`Relationship of nominee ${number}`}
                      placeholder="Wife, son, brother…"
                      value={row.relationship}
                      onChange={(event) => change(row, 'relationship', event.currentTarget.value)}
                      error={problems.errorOf(fieldOf(row, 'relationship'))}
                      maxLength={50}
                      autoComplete="off"
                    />
                    <TextInput label={`Phone of nominee ${number}`} type="tel" value={row.phone} onChange={(event) => change(row, 'phone', event.currentTarget.value)} error={problems.errorOf(fieldOf(row, 'phone'))} maxLength={30} autoComplete="off" />
                    <TextInput
                      label={`Share of nominee ${number} (%)`}
                      inputMode="decimal"
                      placeholder="60 or 33.33"
                      value={row.share}
                      onChange={(event) => change(row, 'share', event.currentTarget.value)}
                      error={problems.errorOf(fieldOf(row, 'share'))}
                      autoComplete="off"
                    />
                  </SimpleGrid>
                </Paper>
              </li>
            );
          })}
        </Stack>
        {rows.length > 0 && (
          <Text size="sm" fw={600} data-nominees-total c={listProblem ? 'var(--mantine-color-error)' : undefined}>
            Total: {total / 100}%
          </Text>
        )}
        {typeof listProblem === 'string' && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert" id="nominees-total-problem">
            {listProblem}
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<FaPlus aria-hidden />}
            disabled={rows.length >= MAX_NOMINEES}
            onClick={() => setRows((current) => [...current, { key: nextKey(), name: '', relationship: '', phone: '', share: current.length === 0 ? '100' : '' }])}
          >
            Add nominee
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save nominees
          </Button>
        </Group>
        {saved.updatedAt && (
          <Text size="xs" c="dimmed">
            Last saved {formatDateTime(saved.updatedAt)}.
          </Text>
        )}
        {rows.length >= MAX_NOMINEES && <Text size="xs">{MESSAGES.nomineesTooMany}</Text>}
      </Stack>
    </form>
  );
}
