import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { FaChartBar } from 'react-icons/fa';
import { firstIssueMessage, reportQuerySchema, type DateRange } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';

/**
 * SPEC "Report": Start Date and End Date, then Generate Report; the report is made only on that
 * press. Checked with core's schema, as the server checks: both dates, then end ≥ start.
 */
export function ReportForm({ isPending, onGenerate }: { isPending: boolean; onGenerate: (range: DateRange) => void }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = reportQuerySchema.safeParse({ from, to });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
    onGenerate({ from: parsed.data.from, to: parsed.data.to });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Report period">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <ErrorBanner message={error} />
          <Group grow gap="sm" align="flex-end" preventGrowOverflow={false} wrap="wrap">
            <TextInput type="date" label="Start Date" value={from} onChange={(event) => setFrom(event.currentTarget.value)} miw={140} />
            <TextInput type="date" label="End Date" value={to} onChange={(event) => setTo(event.currentTarget.value)} miw={140} />
            <Button type="submit" loading={isPending} leftSection={<FaChartBar aria-hidden />} miw={180}>
              Generate Report
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
