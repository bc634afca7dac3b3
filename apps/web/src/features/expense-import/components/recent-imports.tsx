import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { MESSAGES, type ExpenseImportView } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useImports } from '../api/get-imports.ts';
import { useUndoImport } from '../api/undo-import.ts';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';

/** The newest imports, each with Undo for a day after it was made (the server decides who may). */
export function RecentImports() {
  const imports = useImports();
  const undo = useUndoImport();
  const [chosen, setChosen] = useState<ExpenseImportView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = imports.data?.imports ?? [];

  function confirmUndo() {
    if (!chosen) return;
    undo.mutate(chosen.id, {
      onSuccess: (answer) => {
        setDone(answer.message);
        setChosen(null);
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Recent imports">
      <Title order={2} size="h4" mb="sm">
        Recent imports
      </Title>
      <Stack gap="xs">
        <SuccessBanner message={done} />
        <ErrorBanner message={imports.isError ? errorMessage(imports.error, MESSAGES.loadImportsFailed) : null} />
        {imports.isPending && <BusyIndicator size="sm" label="Loading the recent imports" />}
        {imports.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            No imports yet.
          </Text>
        )}
        {list.map((entry) => (
          <Group key={entry.id} justify="space-between" wrap="wrap" gap="xs" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.rowCount} {entry.rowCount === 1 ? 'expense' : 'expenses'} · {formatDateTime(entry.createdAt)}
                {entry.importedByName ? ` · ${entry.importedByName}` : ''}
              </Text>
            </Stack>
            {entry.undoneAt ? (
              <Badge color="gray" variant="light">
                Undone
              </Badge>
            ) : (
              entry.canUndo && (
                <Button size="xs" variant="default" color="red" onClick={() => setChosen(entry)} aria-label={`Undo import of ${entry.fileName}`}>
                  Undo
                </Button>
              )
            )}
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        isOpen={chosen !== null}
        title="Undo this import?"
        message={MESSAGES.importUndoConfirm}
        confirmLabel="Undo import"
        isPending={undo.isPending}
        error={undo.isError ? errorMessage(undo.error, MESSAGES.undoImportFailed) : null}
        onConfirm={confirmUndo}
        onCancel={() => {
          setChosen(null);
          undo.reset();
        }}
      />
    </Paper>
  );
}
