import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { FaPaperclip } from 'react-icons/fa';

// The viewer is fetched when someone first opens a receipt, not with the list.
const ReceiptViewer = lazy(async () => ({ default: (await import('./receipt-viewer.tsx')).ReceiptViewer }));

type Props = { expenseId: string; count: number; summary: string };

/** The paperclip on an expense with receipts (issue 14): the count, and the viewer on a press. */
export function ReceiptsButton({ expenseId, count, summary }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<FaPaperclip aria-hidden />}
        aria-label={`${count === 1 ? '1 receipt' : `${count} receipts`}: ${summary}`}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        {count}
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <ReceiptViewer expenseId={expenseId} opened={isOpen} onClose={() => setIsOpen(false)} title={summary} />
        </Suspense>
      )}
    </>
  );
}
