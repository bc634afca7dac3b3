import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { formatNaira, MESSAGES, type ImportReview } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { NewItems } from './new-items.tsx';
import { ReviewRows } from './review-rows.tsx';

type Props = {
  review: ImportReview;
  ticked: string[];
  isReviewing: boolean;
  isImporting: boolean;
  error: string | null;
  onTick: (ticked: string[]) => void;
  onImport: () => void;
};

/** Step two: each row ready or refused with its reason, the new items to create, and Import. */
export function ReviewStep({ review, ticked, isReviewing, isImporting, error, onTick, onImport }: Props) {
  const label = `Import ${review.readyCount} ready ${review.readyCount === 1 ? 'row' : 'rows'}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Review">
      <Title order={2} size="h4" mb={4}>
        Review
      </Title>
      <Text size="sm" mb="sm" aria-live="polite">
        {review.fileName}: {review.readyCount} ready ({formatNaira(review.readyKobo)}), {review.refusedCount} refused. Refused rows are left out.
      </Text>
      <Stack gap="md">
        <NewItems names={review.unknownItems} canCreate={review.canCreateItems} ticked={ticked} isDisabled={isReviewing || isImporting} onChange={onTick} />
        <ReviewRows key={`${review.readyCount}-${review.refusedCount}`} rows={review.rows} readyCount={review.readyCount} refusedCount={review.refusedCount} />
        {review.readyCount === 0 && <Text c="red" size="sm">{MESSAGES.importNothingReady}</Text>}
        <ErrorBanner message={error} />
        {isImporting && <Progress value={100} animated aria-label={`Importing ${review.readyCount} rows`} />}
        <Group justify="flex-end">
          <Button onClick={onImport} loading={isImporting} disabled={isReviewing || review.readyCount === 0}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
