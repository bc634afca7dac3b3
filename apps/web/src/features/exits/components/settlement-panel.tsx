import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import { exitSettlementInputSchema, formatNaira, type ExitSettlementInput, type ExitStatement, type ExitView, type ShortfallChoice } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useDownloadStatement, usePreviewStatement } from '../api/exit-steps.ts';
import { ExitSteps } from './exit-steps.tsx';
import { PaidNote, type StepRefusal } from './step-parts.tsx';
import { EXIT_FAILED } from './exit-labels.tsx';
import { StatementView } from './statement-view.tsx';

type Props = {
  exit: ExitView;
  canManage: boolean;
  /** The guarantees' states: a refusal of approval given before one was released no longer stands after. */
  guaranteesState: string;
};

const SETTLEMENT_FIELDS = ['settlementDate', 'shortfallChoice'] as const;

/** The settlement day to start from: today once the notice period has passed, else its first day (refused until then). */
function firstDay(exit: ExitView, today: string | null): string {
  if (exit.settlementDate) return exit.settlementDate;
  if (!today) return exit.earliestSettlementDate;
  return today < exit.earliestSettlementDate ? exit.earliestSettlementDate : today;
}

/** Where the statement's print view opens: the frozen one, or the preview for this day and choice. */
export function printPath(id: string, input: ExitSettlementInput | null): string {
  if (!input) return paths.exits.statement(id);
  return `${paths.exits.statement(id)}?${new URLSearchParams({ settlementDate: input.settlementDate, ...(input.shortfallChoice ? { shortfallChoice: input.shortfallChoice } : {}) })}`;
}

/**
 * The settlement (issue 32, steps 3–5): at notice, the day and (when the preview finds a
 * shortfall) how it is met, "Preview" → the statement, its .xlsx and print view, then the step the
 * status allows. From approval on, the frozen statement. A refusal naming the day or the choice,
 * the preview's or the approval's, stands beside that field through the shared hook (issue 34,
 * decision 060), which focuses it; one naming neither stands above the buttons it concerns.
 */
export function SettlementPanel({ exit, canManage, guaranteesState }: Props) {
  const today = useOrgToday().today;
  const [settlementDate, setSettlementDate] = useState(() => firstDay(exit, today));
  const [choice, setChoice] = useState<ShortfallChoice | null>(exit.shortfallChoice);
  const preview = usePreviewStatement();
  const download = useDownloadStatement();
  const problems = useFormProblems(SETTLEMENT_FIELDS);
  // A step's refusal that names no field (e.g. a guarantee still given), kept with the guarantees' states it was given at.
  const [stepFailure, setStepFailure] = useState<{ message: string; guaranteesState: string } | null>(null);
  const stepRefusal = stepFailure && stepFailure.guaranteesState === guaranteesState ? stepFailure.message : null;
  const isNotice = exit.status === 'notice';
  const isFrozen = exit.statement !== null;
  const input: ExitSettlementInput = { settlementDate, shortfallChoice: choice };
  // The preview on screen belongs to the day and choice it was asked for; a changed field asks again.
  const shown: ExitStatement | null = exit.statement ?? (preview.data && preview.variables?.input.settlementDate === settlementDate ? preview.data : null);
  const hasShortfall = (shown?.shortfallKobo ?? preview.data?.shortfallKobo ?? 0) > 0;

  /** The approval's refusal: beside the field it names (focused), else above the step's buttons. */
  function handleStepRefusal(refusal: StepRefusal | null) {
    setStepFailure(refusal && !refusal.field ? { message: refusal.message, guaranteesState } : null);
    if (refusal?.field) problems.show(refusal.message, refusal.field);
  }

  function handlePreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (preview.isPending) return;
    setStepFailure(null);
    // Core's schema first, as the server reads it: a day left empty is flagged without asking.
    const parsed = exitSettlementInputSchema.safeParse(input);
    if (!parsed.success) {
      problems.fromSchema(parsed.error);
      return;
    }
    problems.clear();
    preview.mutate({ id: exit.id, input }, { onError: (failure) => problems.fromServer(failure, EXIT_FAILED.step) });
  }

  if (exit.status === 'cancelled') return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="exit-settlement">
      <Stack gap="md">
        <Title order={2} size="h4" id="exit-settlement">
          Settlement
        </Title>
        {isNotice && (
          <form id={problems.formId} onSubmit={handlePreview} noValidate>
            <Stack gap="sm">
              <Group align="flex-end" gap="sm">
                <TextInput
                  type="date"
                  label="Settlement date"
                  description={`From ${formatCalendarDate(exit.earliestSettlementDate)} (the notice period), not after today.`}
                  value={settlementDate}
                  min={exit.earliestSettlementDate}
                  max={today ?? undefined}
                  onChange={problems.typed('settlementDate', setSettlementDate)}
                  error={problems.errorOf('settlementDate')}
                  w={{ base: '100%', xs: 300 }}
                />
                <Button type="submit" variant="light" loading={preview.isPending}>
                  Preview
                </Button>
              </Group>
              {hasShortfall && (
                <Radio.Group
                  label="How is the shortfall met?"
                  description={shown ? `The member's savings fall ${formatNaira(shown.shortfallKobo)} short of what they owe.` : undefined}
                  value={choice ?? ''}
                  onChange={(value) => {
                    setChoice(value === 'member_pays' || value === 'guarantors' ? value : null);
                    problems.edited('shortfallChoice');
                  }}
                  error={problems.errorOf('shortfallChoice')}
                >
                  <Stack gap="xs" mt="xs">
                    <Radio value="member_pays" label="The member pays it in" />
                    <Radio value="guarantors" label="Recover it from the guarantors, in their guaranteed shares" />
                  </Stack>
                </Radio.Group>
              )}
            </Stack>
          </form>
        )}
        {isFrozen && exit.settlementDate && (
          <Text size="sm">
            Frozen at approval{exit.approvedByName ? ` by ${exit.approvedByName}` : ''}: the figures for {formatCalendarDate(exit.settlementDate)} are not worked out again.
          </Text>
        )}
        {preview.isPending && <BusyIndicator label="Working out the statement…" />}
        <ErrorBanner message={problems.banner} />
        {shown && (
          <>
            {hasShortfall && isNotice && !choice && (
              <Alert color="yellow" variant="light">
                Choose how the shortfall is met, then preview again.
              </Alert>
            )}
            <StatementView statement={shown} />
            <Group gap="sm" data-print-hidden>
              <Button variant="default" loading={download.isPending} onClick={() => download.mutate({ id: exit.id, input: isFrozen ? null : input })}>
                Download .xlsx
              </Button>
              <Button component={Link} variant="default" to={printPath(exit.id, isFrozen ? null : input)}>
                Print
              </Button>
            </Group>
            <ErrorBanner message={download.error ? errorMessage(download.error, EXIT_FAILED.download) : null} />
          </>
        )}
        {!shown && isNotice && !preview.isPending && <Text c="dimmed">Preview the statement to see what is paid out, or what falls short.</Text>}
        {canManage && (
          <ExitSteps exit={exit} input={input} hasPreview={shown !== null} refusal={stepRefusal} onRefusal={handleStepRefusal} onStart={problems.clear} />
        )}
        {!canManage && exit.status === 'paid' && <PaidNote exit={exit} />}
      </Stack>
    </Paper>
  );
}
