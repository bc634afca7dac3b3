import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { FaFileExcel } from 'react-icons/fa';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { localIsoDate } from '../../../lib/format-date-time.ts';
import { loadSavingsSchemas, warm } from '../../../lib/lazy-schemas.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useDownloadStatement } from '../api/download-statement.ts';

const FIELDS = ['from', 'to'] as const;

/**
 * An .xlsx statement for the days chosen (both included), with opening and closing balances and a
 * running balance. It starts on this month so far. An admin passes the holder; others get their own.
 */
export function StatementExport({ userId }: { userId?: string }) {
  const download = useDownloadStatement();
  const [from, setFrom] = useState(() => `${localIsoDate(new Date()).slice(0, 8)}01`);
  const [to, setTo] = useState(() => localIsoDate(new Date()));
  // SPEC 5's 'Please select both start and end dates' is the form's: in the banner, the date flagged.
  const problem = useFormProblems(FIELDS, { bannerSentences: [MESSAGES.selectBothDates] });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (download.isPending) return;
    let schemas: Awaited<ReturnType<typeof loadSavingsSchemas>>;
    try {
      schemas = await loadSavingsSchemas();
    } catch (failure) {
      return problem.fromServer(failure, MESSAGES.exportFailed);
    }
    const parsed = schemas.statementRangeSchema.safeParse({ from, to });
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    download.mutate(
      { from, to, ...(userId ? { userId } : {}) },
      { onError: (failure) => problem.fromServer(failure, MESSAGES.exportFailed) },
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Statement">
      <Title order={2} size="h4" mb={4}>
        Statement
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Transactions for the chosen days as an Excel file, with opening, running and closing balances.
      </Text>
      <form id={problem.formId} onSubmit={(event) => void handleSubmit(event)} onFocusCapture={warm(loadSavingsSchemas)} noValidate>
        <Stack gap="sm">
          <ErrorBanner message={problem.banner} />
          <Group grow gap="sm" align="flex-start" preventGrowOverflow={false}>
            <TextInput type="date" label="From" value={from} onChange={problem.typed('from', setFrom)} error={problem.errorOf('from')} miw={0} />
            <TextInput type="date" label="To" value={to} onChange={problem.typed('to', setTo)} error={problem.errorOf('to')} miw={0} />
          </Group>
          <Button type="submit" variant="light" leftSection={<FaFileExcel aria-hidden />} loading={download.isPending}>
            Download Statement
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
