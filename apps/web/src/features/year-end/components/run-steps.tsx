import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, type YearEndRun } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useIsTwoPerson } from '../api/get-approval-settings.ts';
import { useApproveRun, usePostRun, useReverseRun } from '../api/run-steps.ts';
import { YEAR_END_FAILED } from './year-end-labels.ts';

/** Steps 4–6: approve a draft, post an approved run (once), reverse a posted one with a reason while the year is open. */
export function RunSteps({ run, isYearOpen }: { run: YearEndRun; isYearOpen: boolean }) {
  const approve = useApproveRun();
  const post = usePostRun();
  const reverse = useReverseRun();
  const postKey = useIdempotencyKey();
  const isTwoPerson = useIsTwoPerson(run.status === 'draft').data === true;
  const [isConfirmingPost, setConfirmingPost] = useState(false);
  const [isReversing, setReversing] = useState(false);
  const stepError = approve.error ?? null;

  if (run.status === 'draft') {
    return (
      <Stack gap="xs">
        <Text size="sm">
          {isTwoPerson
            ? `Two-person approval is on: an officer other than ${run.createdByName}, who drew it up, must approve it.`
            : 'Approving works every line out once more and freezes it; the run can then be posted.'}
        </Text>
        <ErrorBanner message={stepError ? errorMessage(stepError, YEAR_END_FAILED.step) : null} />
        <Group>
          <Button onClick={() => approve.mutate(run.id)} loading={approve.isPending} disabled={run.problems.length > 0}>
            Approve the run
          </Button>
        </Group>
      </Stack>
    );
  }
  if (run.status === 'approved') {
    return (
      <Stack gap="xs">
        <Text size="sm">Posting pays every member&apos;s net into their account and writes one entry in the books, once. Members are told by mail.</Text>
        <Group>
          <Button color="green" onClick={() => setConfirmingPost(true)}>
            Post the run
          </Button>
        </Group>
        <ConfirmDialog
          isOpen={isConfirmingPost}
          title="Post the year end?"
          message="Every member's line is paid and the books take the appropriation in one entry. It can only be undone by a reversal while the year is open."
          confirmLabel="Post"
          isPending={post.isPending}
          error={post.error ? errorMessage(post.error, YEAR_END_FAILED.step) : null}
          onConfirm={() => post.mutate({ id: run.id, key: postKey.keyFor(run.id) }, { onSuccess: () => setConfirmingPost(false) })}
          onCancel={() => setConfirmingPost(false)}
        />
      </Stack>
    );
  }
  if (run.status === 'posted') {
    const refusal = reverse.error ? { message: errorMessage(reverse.error, YEAR_END_FAILED.step), isAboutReason: reverse.error instanceof ApiError && reverse.error.field === 'reason' } : null;
    return (
      <Stack gap="xs">
        <Text size="sm">Posted{run.postedByName ? ` by ${run.postedByName}` : ''}: every member was paid their net.</Text>
        {isYearOpen ? (
          <Group>
            <Button color="red" variant="light" onClick={() => setReversing(true)}>
              Reverse the run
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {MESSAGES.yearEndYearClosed}
          </Text>
        )}
        <ReasonModal
          opened={isReversing}
          title="Reverse the year end"
          confirmLabel="Reverse"
          isDestructive
          requiredMessage={MESSAGES.reversalReasonRequired}
          isPending={reverse.isPending}
          refusal={refusal}
          onSubmit={(reason) => reverse.mutate({ id: run.id, reason }, { onSuccess: () => setReversing(false) })}
          onClose={() => setReversing(false)}
        >
          <Text size="sm">Every member&apos;s payment and the appropriation&apos;s entry are reversed as a whole. A new run can then be approved and posted.</Text>
        </ReasonModal>
      </Stack>
    );
  }
  return <Text size="sm">This run was reversed{run.reversalReason ? `: ${run.reversalReason}` : ''}.</Text>;
}
