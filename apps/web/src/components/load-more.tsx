import { Button, Center, Stack, Text } from '@mantine/core';

type Props = {
  /** How many rows are on the screen. */
  shownCount: number;
  /** All there are, as words: '120' or '120 expenses'. */
  totalLabel: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
};

/** 'Showing N of M' under a paged list, and 'Load more' while the server has another page. */
export function LoadMore({ shownCount, totalLabel, hasNextPage, isFetchingNextPage, onLoadMore }: Props) {
  return (
    <Center>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {shownCount.toLocaleString('en-NG')} of {totalLabel}
        </Text>
        {hasNextPage && (
          <Button variant="light" loading={isFetchingNextPage} onClick={onLoadMore}>
            Load more
          </Button>
        )}
      </Stack>
    </Center>
  );
}
