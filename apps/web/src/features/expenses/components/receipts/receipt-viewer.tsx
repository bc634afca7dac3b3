import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { useQuery } from '@tanstack/react-query';
import { FaExternalLinkAlt, FaFilePdf } from 'react-icons/fa';
import { MESSAGES, receiptFileUrl, receiptThumbnailUrl, type ReceiptView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';
import { expenseQueryOptions } from '../../api/get-expense.ts';

type Props = { expenseId: string; opened: boolean; onClose: () => void; title: string };

/**
 * The receipts of one expense: an image shown whole, a PDF as a link that opens in the browser's
 * own reader (Kobo's pages may not be framed, its answers included: decision 005), and a strip of
 * thumbnails to move between several.
 */
export function ReceiptViewer({ expenseId, opened, onClose, title }: Props) {
  const expense = useQuery({ ...expenseQueryOptions(expenseId), enabled: opened });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const isPhone = useIsPhone();
  const receipts = expense.data?.receipts ?? [];
  const shown = receipts.find((receipt) => receipt.id === chosenId) ?? receipts[0];
  return (
    <Modal opened={opened} onClose={onClose} title={`Receipts · ${title}`} size="xl" fullScreen={isPhone}>
      {expense.isError ? (
        <ErrorBanner message={errorMessage(expense.error, MESSAGES.loadReceiptFailed)} />
      ) : !expense.data ? (
        <PageLoading />
      ) : !shown ? (
        <Text c="dimmed">No receipts</Text>
      ) : (
        <Stack gap="sm">
          <ShownReceipt receipt={shown} />
          {receipts.length > 1 && (
            <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="All receipts">
              {receipts.map((receipt, index) => (
                <li key={receipt.id}>
                  <UnstyledButton
                    onClick={() => setChosenId(receipt.id)}
                    aria-current={receipt.id === shown.id ? 'true' : undefined}
                    aria-label={`Receipt ${index + 1} of ${receipts.length}: ${receipt.fileName}`}
                    style={{ border: `2px solid ${receipt.id === shown.id ? 'var(--mantine-primary-color-filled)' : 'transparent'}`, borderRadius: 6 }}
                  >
                    {receipt.hasThumbnail ? (
                      <img src={receiptThumbnailUrl(receipt.id)} alt="" width={56} height={56} style={{ objectFit: 'cover', display: 'block', borderRadius: 4 }} />
                    ) : (
                      <FaFilePdf aria-hidden size={40} style={{ margin: 8 }} />
                    )}
                  </UnstyledButton>
                </li>
              ))}
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function ShownReceipt({ receipt }: { receipt: ReceiptView }) {
  if (receipt.contentType === 'application/pdf') {
    return (
      <Stack align="center" gap="sm" py="lg">
        <FaFilePdf aria-hidden size={64} />
        <Text style={{ overflowWrap: 'anywhere' }}>{receipt.fileName}</Text>
        <Button component="a" href={receiptFileUrl(receipt.id)} target="_blank" rel="noopener" leftSection={<FaExternalLinkAlt aria-hidden />}>
          Open PDF
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="center">
      <img
        src={receiptFileUrl(receipt.id)}
        alt={`Receipt: ${receipt.fileName}`}
        style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain', display: 'block' }}
      />
      <Anchor href={receiptFileUrl(receipt.id)} target="_blank" rel="noopener" size="sm">
        Open full size
      </Anchor>
    </Stack>
  );
}
