import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EXIT_REASON_LABELS, EXIT_STATUS_LABELS, exitNoticeInputSchema, holdsSavings, MEMBER_EXIT_REASONS, type ErrorCode, type ExitReason, type ExitView } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useGiveMyNotice, useMyExit } from '../api/my-exit.ts';
import { useNominees } from '../api/nominees.ts';
import { EXIT_FAILED, ExitStatusBadge } from './exit-labels.tsx';
import { ExitNoticeFields } from './exit-notice-fields.tsx';
import { NomineesEditor } from './nominees-editor.tsx';

/**
 * On /profile for a member who holds savings (issue 32): their nominees, and "Leave the scheme"
 * (the reason and leaving date), then the state of their notice.
 */
export function MemberExitSection() {
  const role = useSession().data?.role;
  if (!role || !holdsSavings(role)) return null;
  return <HolderExitSection />;
}

/** Shown once the member's nominees answer: a member whose savings account is not open yet (404) sees neither part. */
function HolderExitSection() {
  const nominees = useNominees(null);
  if (nominees.error instanceof ApiError && nominees.error.code === NO_ACCOUNT) return null;
  if (nominees.isPending) return null;
  const mine = nominees.data;
  return (
    <>
      <NomineesEditor userId={null} canEdit title="Your nominees" description="If you die, your savings are paid to these people in these shares, adding up to 100%." />
      {mine && <LeaveSchemeSection />}
    </>
  );
}

const NO_ACCOUNT: ErrorCode = 'NO_SAVINGS_ACCOUNT';

function LeaveSchemeSection() {
  const mine = useMyExit();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="leave-scheme">
      <Stack gap="sm">
        <Title order={2} size="h4" id="leave-scheme">
          Leave the scheme
        </Title>
        {mine.isPending && <BusyIndicator />}
        <ErrorBanner message={mine.error ? errorMessage(mine.error, EXIT_FAILED.load) : null} />
        {mine.data && (mine.data.exit ? <MyNotice exit={mine.data.exit.exit} /> : <GiveNoticeForm />)}
      </Stack>
    </Paper>
  );
}

const STEP_NOTES: Record<ExitView['status'], string> = {
  notice: 'The officers release any guarantee you give, then work out your settlement from the earliest settlement date.',
  approved: 'Your settlement is approved; the officers settle it next.',
  settled: 'Your settlement is posted; the payment follows.',
  paid: 'Your settlement was paid out.',
  cancelled: 'Your notice was cancelled.',
  reversed: 'Your settlement was reversed.',
};

function MyNotice({ exit }: { exit: ExitView }) {
  return (
    <Stack gap="sm" data-my-exit>
      <Group gap="xs">
        <ExitStatusBadge status={exit.status} />
        <Text size="sm">{EXIT_STATUS_LABELS[exit.status]}: {STEP_NOTES[exit.status]}</Text>
      </Group>
      <FactList
        cols={{ base: 2, sm: 4 }}
        facts={[
          { label: 'Reason', value: EXIT_REASON_LABELS[exit.reason] },
          { label: 'Notice given', value: formatCalendarDate(exit.noticeDate) },
          { label: 'Leaving', value: formatCalendarDate(exit.leavingDate) },
          { label: 'Earliest settlement', value: formatCalendarDate(exit.earliestSettlementDate) },
        ]}
      />
    </Stack>
  );
}

const FIELDS = ['reason', 'leavingDate', 'note'] as const;

function GiveNoticeForm() {
  const today = useOrgToday().today;
  const give = useGiveMyNotice();
  const form = useFormProblems(FIELDS);
  const [reason, setReason] = useState<ExitReason | null>(null);
  const [leavingDate, setLeavingDate] = useState('');
  const [isConfirming, setConfirming] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (give.isPending) return;
    const parsed = exitNoticeInputSchema.safeParse({ reason: reason ?? undefined, leavingDate });
    if (!parsed.success) return form.fromSchema(parsed.error);
    form.clear();
    if (!isConfirming) return setConfirming(true);
    give.mutate(parsed.data, { onError: (failure) => form.fromServer(failure, EXIT_FAILED.step) });
  }

  return (
    <form id={form.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Give notice to leave: after the scheme&apos;s notice period your savings are paid out, less what you owe on loans. You can no longer take a new loan or guarantee one.
        </Text>
        <ErrorBanner message={form.banner} />
        <ExitNoticeFields
          reason={reason}
          onReason={(next) => {
            setReason(next);
            setConfirming(false);
          }}
          leavingDate={leavingDate}
          onLeavingDate={(next) => {
            setLeavingDate(next);
            setConfirming(false);
          }}
          today={today}
          errorOf={form.errorOf}
          reasons={MEMBER_EXIT_REASONS}
        />
        {isConfirming && (
          <Text size="sm" fw={600} role="status">
            Give notice to leave on {leavingDate ? formatCalendarDate(leavingDate) : ''}? Press the button again to confirm.
          </Text>
        )}
        <Group>
          <Button type="submit" color={isConfirming ? 'red' : undefined} variant={isConfirming ? 'filled' : 'light'} loading={give.isPending}>
            {isConfirming ? 'Yes, give notice' : 'Give notice'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
