import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Stack } from '@mantine/core';
import { MAX_IMPORT_FILE_BYTES, MESSAGES, type ImportResult, type ImportReview, type UploadedImportFile } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { paths } from '../../../lib/paths.ts';
import { useImportExpenses } from '../api/import-expenses.ts';
import { useReviewImport } from '../api/review-import.ts';
import { useUploadImportFile } from '../api/upload-import-file.ts';
import { RecentImports } from './recent-imports.tsx';
import { ReviewStep } from './review-step.tsx';
import { UploadStep } from './upload-step.tsx';

/**
 * Importing expenses (issue 14, docs/decisions/035-expense-import.md): choose a file (read on the
 * server), see every row ready or refused with its reason, tick unknown items to create, import the
 * ready rows at once. The draft lives on this screen only; nothing is saved before Import.
 */
export function ExpenseImportPage() {
  const upload = useUploadImportFile();
  const reviewing = useReviewImport();
  const importing = useImportExpenses();
  const key = useIdempotencyKey();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<UploadedImportFile | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const [review, setReview] = useState<ImportReview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [importError, setImportError] = useState<string | null>(null);

  function runReview(read: UploadedImportFile, createItems: string[]) {
    reviewing.mutate(
      { fileName: read.fileName, rows: read.rows, createItems },
      { onSuccess: setReview, onError: (failure) => setImportError(errorMessage(failure, MESSAGES.importUploadFailed)) },
    );
  }

  function choose(next: File | null) {
    setFile(next);
    setUploaded(null);
    setReview(null);
    setTicked([]);
    setFileError(null);
    setImportError(null);
    setResult(null);
    if (!next) return;
    if (next.size > MAX_IMPORT_FILE_BYTES) return setFileError(MESSAGES.importFileTooLarge);
    setProgress(0);
    upload.mutate(
      { file: next, onProgress: setProgress },
      {
        onSuccess: (read) => {
          setUploaded(read);
          runReview(read, []);
        },
        onError: (failure) => setFileError(errorMessage(failure, MESSAGES.importUploadFailed)),
        onSettled: () => setProgress(null),
      },
    );
  }

  function tick(next: string[]) {
    setTicked(next);
    setImportError(null);
    if (uploaded) runReview(uploaded, next);
  }

  function runImport() {
    if (!uploaded || !review) return;
    const request = { fileName: uploaded.fileName, rows: uploaded.rows, createItems: ticked, expectedReadyCount: review.readyCount };
    setImportError(null);
    importing.mutate(
      { request, idempotencyKey: key.keyFor(request) },
      {
        onSuccess: (answer) => {
          key.reset();
          setResult(answer);
          setReview(null);
          setUploaded(null);
          setFile(null);
          setTicked([]);
        },
        onError: (failure) => {
          setImportError(errorMessage(failure, MESSAGES.importFailed));
          // The rows changed since the review (another import, a new item): show the review as it is now.
          if (failure instanceof ApiError && failure.code === 'IMPORT_CHANGED') runReview(uploaded, ticked);
        },
      },
    );
  }

  return (
    <Stack gap="md" maw={1100}>
      <PageTitle>Import expenses</PageTitle>
      {result && (
        <Stack gap={4}>
          <SuccessBanner message={result.createdItems.length > 0 ? `${result.message} New items: ${result.createdItems.join(', ')}.` : result.message} />
          <Anchor component={Link} to={`${paths.expenses.list}?time=all`}>
            See them in the expenses list
          </Anchor>
        </Stack>
      )}
      <UploadStep file={file} progress={progress} error={fileError} onChoose={choose} />
      {review && (
        <ReviewStep
          review={review}
          ticked={ticked}
          isReviewing={reviewing.isPending}
          isImporting={importing.isPending}
          error={importError}
          onTick={tick}
          onImport={runImport}
        />
      )}
      {!review && <ErrorBanner message={importError} />}
      <RecentImports />
    </Stack>
  );
}
