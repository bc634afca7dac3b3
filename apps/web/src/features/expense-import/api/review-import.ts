import { useMutation } from '@tanstack/react-query';
import type { ImportDraft, ImportReview } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Judges every row on the server and writes nothing. */
export function reviewImport(draft: ImportDraft): Promise<ImportReview> {
  return apiRequest<ImportReview>('/api/expense-imports/review', { method: 'POST', body: draft });
}

export function useReviewImport() {
  return useMutation({ mutationFn: reviewImport });
}
