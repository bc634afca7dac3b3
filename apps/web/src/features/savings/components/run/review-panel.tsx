import { useState } from 'react';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { MESSAGES, formatNaira, monthLabel, type BatchDraft, type BatchReview, type BatchView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { useIdempotencyKey } from '../../../../lib/idempotency-key.ts';
import { usePostBatch } from '../../api/post-batch.ts';
import { ReasonModal, refusalOf, type ReasonRefusal } from '../../../../components/reason-modal.tsx';
import { postLabel, transactionsText } from './run-labels.ts';
import { ReviewRows } from './review-rows.tsx';
import type { RunReview } from './use-run-review.ts';
import { FactList } from '../../../../components/fact-list.tsx';

type Props = { run: RunReview; onPosted: (batch: BatchView) => void };

/**
 * Review (issue 11): the dry run's verdict on every row, and the one button that posts. Nothing
 * moves before 'Post N transactions (₦X)' is pressed, and it cannot be pressed while a row is
 * refused or changed since the review. A month (or file) already posted needs a reason to post again.
 */
export function ReviewPanel({ run, onPosted }: Props) {
  const post = usePostBatch();
  const idempotency = useIdempotencyKey();
  const [postError, setPostError] = useState<string | null>(null);
  const [repeatMessage, setRepeatMessage] = useState<string | null>(null);
  const [isRepeatOpen, setRepeatOpen] = useState(false);
  const [repeatRefusal, setRepeatRefusal] = useState<ReasonRefusal>(null);
  const review = run.review;

  // The buttons appear only with a verdict: a Button first drawn while loading can keep its spinner.
  if (!review) {
    return (
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <ErrorBanner message={run.error} />
          {run.isReviewing ? <Working label="Reviewing the rows…" /> : <Text c="dimmed">{MESSAGES.runNothingToReview}</Text>}
        </Stack>
      </Paper>
    );
  }

  const earlierMessage = repeatMessage ?? review.earlierBatch?.message ?? null;
  const canPost = review.readyCount > 0 && review.refusedCount === 0 && !run.isStale && !run.isReviewing;

  function send(draft: BatchDraft, fromRepeatModal: boolean) {
    if (post.isPending) return;
    setPostError(null);
    // A refusal again is a new one: the reason dialog shows it again even in the same words.
    if (fromRepeatModal) setRepeatRefusal(null);
    post.mutate(
      // One key per press: a retry of the same draft reuses it, so a lost answer never posts twice.
      { draft, idempotencyKey: idempotency.keyFor(draft) },
      {
        onSuccess: (batch) => {
          idempotency.reset();
          setRepeatOpen(false);
          onPosted(batch);
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : '';
          if (fromRepeatModal && code !== 'BATCH_NOT_READY') return setRepeatRefusal(refusalOf(failure, MESSAGES.processTransactionFailed));
          setRepeatOpen(false);
          if (code === 'BATCH_ALREADY_POSTED') return setRepeatMessage(failure.message);
          setPostError(errorMessage(failure, MESSAGES.processTransactionFailed));
          // Someone changed an account meanwhile: the fresh verdict shows which rows, and why.
          if (code === 'BATCH_NOT_READY') run.again();
        },
      },
    );
  }

  function handlePost() {
    const draft = run.draft();
    if (!draft) return;
    if (earlierMessage) {
      setRepeatRefusal(null);
      return setRepeatOpen(true);
    }
    send(draft, false);
  }

  function handleRepeat(reason: string) {
    const draft = run.draft();
    if (draft) send({ ...draft, repeatReason: reason }, true);
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Review">
      <Title order={2} size="h4" mb="sm">
        Review
      </Title>
      <Stack gap="sm">
        <ReviewSummary review={review} />
        {earlierMessage && (
          <Alert color="yellow" variant="light" title="Already posted">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{earlierMessage}</Text>
              <Button size="xs" variant="light" color="yellow" onClick={() => setRepeatOpen(true)} disabled={!canPost}>
                Post a second batch
              </Button>
            </Stack>
          </Alert>
        )}
        <ErrorBanner message={postError ?? run.error} />
        {run.isStale && (
          <Alert color="yellow" variant="light">
            {MESSAGES.runReviewAgain}
          </Alert>
        )}
        {(run.isReviewing || post.isPending) && <Working label={run.isReviewing ? 'Reviewing the rows…' : `Posting ${transactionsText(review.readyCount)}…`} />}
        <ReviewRows run={run} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={run.again} loading={run.isReviewing} disabled={post.isPending}>
            Review again
          </Button>
          <Button onClick={handlePost} loading={post.isPending} disabled={!canPost}>
            {postLabel(review)}
          </Button>
        </Group>
      </Stack>
      <ReasonModal
        opened={isRepeatOpen}
        title="Post a second batch"
        confirmLabel={postLabel(review)}
        requiredMessage={MESSAGES.batchRepeatReasonRequired}
        isPending={post.isPending}
        refusal={repeatRefusal}
        onSubmit={handleRepeat}
        onClose={() => setRepeatOpen(false)}
      >
        <Text size="sm">{earlierMessage}. Say why this month needs another batch; the reason is kept with it.</Text>
      </ReasonModal>
    </Paper>
  );
}

function ReviewSummary({ review }: { review: BatchReview }) {
  const facts = [
    { label: 'Month', value: monthLabel(review.month) },
    { label: 'Value date', value: formatCalendarDate(review.valueDate) },
    { label: 'Description', value: review.description },
    { label: 'Ready', value: String(review.readyCount) },
    { label: 'Refused', value: String(review.refusedCount) },
    { label: 'Deposits', value: formatNaira(review.depositKobo) },
    ...(review.withdrawalKobo > 0 ? [{ label: 'Withdrawals', value: formatNaira(review.withdrawalKobo) }] : []),
    // Named whenever a row carries one, so a refused repayment shows as ₦0.00 rather than vanishing.
    ...(review.rows.some((row) => row.loanRepaymentKobo !== 0) ? [{ label: 'Loan repayments', value: formatNaira(review.loanRepaymentKobo) }] : []),
  ];
  return (
    <FactList facts={facts} cols={{ base: 2, sm: 4 }} m={0} aria-label="Review totals" />
  );
}

/** A long review or post (up to 50,000 rows) shows that it is working, not stuck. */
function Working({ label }: { label: string }) {
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress value={100} animated striped aria-label={label} />
    </Stack>
  );
}
