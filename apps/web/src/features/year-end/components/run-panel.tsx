import { Button, Paper, Stack, Text } from '@mantine/core';
import { type YearEndYear } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useInterestProducts } from '../api/get-products.ts';
import { useRun } from '../api/get-run.ts';
import { AppropriationForm } from './appropriation-form.tsx';
import { PreviewPanel } from './preview-panel.tsx';
import { RunSteps } from './run-steps.tsx';
import { RunSummary } from './run-summary.tsx';
import { YEAR_END_FAILED } from './year-end-labels.ts';

type Props = { year: YearEndYear; runId: string | null; canManage: boolean; onRun: (id: string | null) => void };

/** The run open on screen: `?run=`, else the year's latest run still standing, else a new proposal. */
export function RunPanel({ year, runId, canManage, onRun }: Props) {
  const standing = year.runs.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt)).find((run) => run.status !== 'reversed');
  const id = runId === 'new' ? null : (runId ?? standing?.id ?? null);
  const run = useRun(id);
  const products = useInterestProducts();
  const isNew = id === null;

  if (isNew || (run.data && run.data.status === 'reversed' && runId === null)) {
    if (!canManage || year.state === 'closed') return <Text c="dimmed">No run is proposed for {year.year}.</Text>;
    if (products.isPending) return <BusyIndicator />;
    return (
      <>
        <ErrorBanner message={products.error ? errorMessage(products.error, YEAR_END_FAILED.step) : null} />
        <AppropriationForm year={year.year} run={null} products={products.data ?? []} onSaved={(saved) => onRun(saved.id)} />
      </>
    );
  }
  if (run.isPending || (run.data?.status === 'draft' && canManage && products.isPending)) return <BusyIndicator />;
  if (!run.data) return <ErrorBanner message={errorMessage(run.error, YEAR_END_FAILED.step)} />;
  const current = run.data;
  const isEditable = current.status === 'draft' && canManage;
  return (
    <Stack gap="lg">
      {isEditable ? <AppropriationForm year={year.year} run={current} products={products.data ?? []} onSaved={(saved) => onRun(saved.id)} /> : <RunSummary run={current} />}
      <PreviewPanel runId={current.id} />
      {canManage && (
        <Paper withBorder p="md" component="section" aria-label="The run's next step">
          <RunSteps run={current} isYearOpen={year.state === 'open'} />
          {current.status === 'reversed' && year.state === 'open' && (
            <Button mt="sm" variant="default" onClick={() => onRun('new')}>
              Propose a new run
            </Button>
          )}
        </Paper>
      )}
    </Stack>
  );
}
