import { useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { type YearEndYear } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useCloseYear } from '../api/run-steps.ts';
import { YEAR_END_FAILED, surplusText } from './year-end-labels.ts';

type Props = { year: YearEndYear; today: string; canManage: boolean };

/** Step 7: close the year (after its last day): income and expenditure closed to surplus in one entry, its months locked. */
export function CloseYearPanel({ year, today, canManage }: Props) {
  const close = useCloseYear();
  const [isConfirming, setConfirming] = useState(false);
  const isOver = year.to < today;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="year-end-close">
      <Stack gap="xs">
        <Title order={2} size="h4" id="year-end-close">
          Close the year
        </Title>
        {year.state === 'closed' ? (
          <>
            <SuccessBanner message={`${year.year} is closed${year.closedByName ? ` by ${year.closedByName}` : ''}${year.closedAt ? `, ${formatDateTime(year.closedAt)}` : ''}.`} />
            {year.closedSurplusKobo !== null && <Text size="sm">The closing entry moved {surplusText(year.closedSurplusKobo)} to Surplus; its twelve months are locked.</Text>}
          </>
        ) : !isOver ? (
          <Text size="sm" c="dimmed">
            The year can be closed after its last day, {formatCalendarDate(year.to)}.
          </Text>
        ) : canManage ? (
          <>
            <Text size="sm">Closing moves every income and expenditure account to Surplus in one entry and locks the year&apos;s twelve months. A posted year end can no longer be reversed.</Text>
            <div>
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                Close {year.year}
              </Button>
            </div>
          </>
        ) : (
          <Text size="sm">{year.year} is open.</Text>
        )}
        <ConfirmDialog
          isOpen={isConfirming}
          title={`Close ${year.year}?`}
          message={`This locks the months from ${formatCalendarDate(year.from)} to ${formatCalendarDate(year.to)}: nothing more can be posted in them, and the year end can no longer be reversed.`}
          confirmLabel="Close the year"
          isPending={close.isPending}
          error={close.error ? errorMessage(close.error, YEAR_END_FAILED.step) : null}
          onConfirm={() => close.mutate(year.year, { onSuccess: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        />
      </Stack>
    </Paper>
  );
}
