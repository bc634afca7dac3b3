import { useId } from 'react';
import { Anchor, Button, CloseButton, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { FaCamera, FaFilePdf, FaPaperclip } from 'react-icons/fa';
import { RECEIPT_ACCEPT, receiptFileUrl, receiptRequiredMessage, receiptThumbnailUrl, type ReceiptView } from '@kobo/core';
import { formatBytes } from '../../../../lib/format-bytes.ts';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';
import type { ReceiptDraft } from './use-receipt-draft.ts';

type Props = {
  draft: ReceiptDraft;
  /** The problem that stops the save, when it is the receipts' (shown beside the control). */
  error: string | null;
  /** The admin's "receipt required above", to say so before anyone is refused. */
  requiredAboveKobo: number | null;
};

/**
 * Receipts (issue 14): photos or PDFs, several at once, each uploaded at once with its own
 * progress bar and removable before saving. On a phone "Take photo" opens the camera directly
 * (capture="environment"); "Attach receipt" opens the files, where a PDF can be chosen too.
 */
export function ReceiptAttachments({ draft, error, requiredAboveKobo }: Props) {
  const isPhone = useIsPhone();
  const labelId = useId();
  const errorId = useId();
  const shownError = error ?? draft.pickError;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={shownError ? errorId : undefined}>
      <Input.Label id={labelId} component="span">
        Receipts
      </Input.Label>
      {requiredAboveKobo !== null && (
        <Text size="xs" c="dimmed" mt={-4}>
          {receiptRequiredMessage(requiredAboveKobo)}
        </Text>
      )}
      {draft.attached.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Attached receipts">
          {draft.attached.map((receipt) => (
            <AttachedRow key={receipt.id} receipt={receipt} onRemove={() => draft.remove(receipt.id)} />
          ))}
        </Stack>
      )}
      {draft.pending.map((item) => (
        <Stack key={item.key} gap={2}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate="end" miw={0}>
              {item.fileName}
            </Text>
            <CloseButton size="sm" aria-label={item.error ? `Dismiss ${item.fileName}` : `Cancel upload of ${item.fileName}`} onClick={() => draft.dismiss(item.key)} />
          </Group>
          {item.error ? (
            <Text size="xs" c="red" role="alert">
              {item.error}
            </Text>
          ) : (
            <Progress value={Math.round(item.progress * 100)} size="sm" aria-label={`Uploading ${item.fileName}`} />
          )}
        </Stack>
      ))}
      <Group gap="xs">
        {isPhone && (
          <FileButton onChange={(files) => draft.add(files)} accept="image/*" capture="environment" multiple>
            {(props) => (
              <Button {...props} variant="default" size="sm" leftSection={<FaCamera aria-hidden />}>
                Take photo
              </Button>
            )}
          </FileButton>
        )}
        <FileButton onChange={(files) => draft.add(files)} accept={RECEIPT_ACCEPT} multiple>
          {(props) => (
            <Button {...props} variant="default" size="sm" leftSection={<FaPaperclip aria-hidden />}>
              Attach receipt
            </Button>
          )}
        </FileButton>
      </Group>
      {shownError && (
        <Input.Error id={errorId} role="alert">
          {shownError}
        </Input.Error>
      )}
    </Stack>
  );
}

function AttachedRow({ receipt, onRemove }: { receipt: ReceiptView; onRemove: () => void }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap">
      {receipt.hasThumbnail ? (
        <img src={receiptThumbnailUrl(receipt.id)} alt="" width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }} />
      ) : (
        <FaFilePdf aria-hidden size={32} style={{ flex: 'none' }} />
      )}
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Anchor href={receiptFileUrl(receipt.id)} target="_blank" rel="noopener" size="sm" truncate="end">
          {receipt.fileName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatBytes(receipt.sizeBytes)}
        </Text>
      </Stack>
      <CloseButton size="sm" aria-label={`Remove receipt ${receipt.fileName}`} onClick={onRemove} />
    </Group>
  );
}
