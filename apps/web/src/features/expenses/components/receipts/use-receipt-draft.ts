import { useRef, useState } from 'react';
import { MAX_RECEIPT_BYTES, MAX_RECEIPTS_PER_EXPENSE, MESSAGES, isReceiptRequired, receiptRequiredMessage, type ReceiptView } from '@kobo/core';
import { errorMessage } from '../../../../lib/api-client.ts';
import { uploadReceipt } from '../../api/upload-receipt.ts';

/** A file on its way up (progress 0–1), or one the server refused (its sentence). */
export type PendingReceipt = { key: string; fileName: string; progress: number; error: string | null };

export type ReceiptDraft = ReturnType<typeof useReceiptDraft>;

let sequence = 0;

/**
 * The receipts of the expense being typed: those already saved with it (on an edit), those
 * uploaded since, and those still uploading. Uploads start as soon as files are chosen, so saving
 * sends only their ids; removing one before saving just leaves it out (the server drops uploads
 * never saved with an expense after a day).
 */
export function useReceiptDraft(initial: ReceiptView[] = []) {
  const [attached, setAttached] = useState<ReceiptView[]>(initial);
  const [pending, setPending] = useState<PendingReceipt[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());

  const update = (key: string, change: Partial<PendingReceipt>) =>
    setPending((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function add(files: File[]) {
    setPickError(null);
    const room = MAX_RECEIPTS_PER_EXPENSE - attached.length - pending.filter((item) => !item.error).length;
    if (files.length > room) return setPickError(MESSAGES.tooManyReceipts);
    for (const file of files) {
      sequence += 1;
      const key = `receipt-${sequence}`;
      // Refused here too, so a phone does not send 10 MB only to hear no.
      const tooLarge = file.size > MAX_RECEIPT_BYTES;
      setPending((current) => [...current, { key, fileName: file.name, progress: 0, error: tooLarge ? MESSAGES.receiptTooLarge : null }]);
      if (tooLarge) continue;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadReceipt(file, (progress) => update(key, { progress }), controller.signal).then(
        (receipt) => {
          setPending((current) => current.filter((item) => item.key !== key));
          setAttached((current) => [...current, receipt]);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          update(key, { error: errorMessage(failure, MESSAGES.receiptUploadFailed) });
        },
      ).finally(() => controllers.current.delete(key));
    }
  }

  function remove(id: string) {
    setAttached((current) => current.filter((receipt) => receipt.id !== id));
  }

  function dismiss(key: string) {
    controllers.current.get(key)?.abort();
    setPending((current) => current.filter((item) => item.key !== key));
  }

  return {
    attached,
    pending,
    pickError,
    isUploading: pending.some((item) => !item.error),
    ids: attached.map((receipt) => receipt.id),
    add,
    remove,
    dismiss,
    reset: () => {
      for (const controller of controllers.current.values()) controller.abort();
      setAttached(initial);
      setPending([]);
      setPickError(null);
    },
    /** What stops the save, beside the Receipts control: an upload still running, or the admin's rule. */
    problemFor(amountKobo: number, requiredAboveKobo: number | null): string | null {
      if (pending.some((item) => !item.error)) return MESSAGES.receiptStillUploading;
      if (requiredAboveKobo !== null && isReceiptRequired(amountKobo, requiredAboveKobo) && attached.length === 0) return receiptRequiredMessage(requiredAboveKobo);
      return null;
    },
  };
}
