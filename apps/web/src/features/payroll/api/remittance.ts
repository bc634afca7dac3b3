import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostedRemittance, RemittanceDetail, RemittanceDraft, RemittanceMatch, UploadedRemittance } from '@kobo/core';
import { ApiError, apiRequest, responseError } from '../../../lib/api-client.ts';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { adviceUrl, payrollKeys } from './payroll-keys.ts';

/**
 * Payroll's file as its raw bytes (apiRequest sends JSON only), read in the layout chosen; the
 * name travels URI-encoded in a header, as the monthly run's upload does.
 */
export async function uploadRemittanceFile(input: { month: string; layoutId: string; file: File }): Promise<UploadedRemittance> {
  const response = await fetch(`${adviceUrl(input.month)}/remittance/file?${new URLSearchParams({ layout: input.layoutId })}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(input.file.name) },
    body: input.file,
  });
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as UploadedRemittance;
}

export function matchRemittance(input: { month: string; draft: RemittanceDraft }): Promise<RemittanceMatch> {
  return apiRequest<RemittanceMatch>(`${adviceUrl(input.month)}/remittance/match`, { method: 'POST', body: input.draft });
}

/** Posts once per key: a retry after a lost answer does not post the month twice. */
export function postRemittance(input: { month: string; draft: RemittanceDraft; idempotencyKey: string }): Promise<PostedRemittance> {
  return idempotentPost<PostedRemittance>(`${adviceUrl(input.month)}/remittance`, input.draft, input.idempotencyKey);
}

/** The posted remittance, or null while none is (the server's 404). */
export async function getRemittance(month: string): Promise<RemittanceDetail | null> {
  try {
    return await apiRequest<RemittanceDetail>(`${adviceUrl(month)}/remittance`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const useUploadRemittanceFile = () => useMutation({ mutationFn: uploadRemittanceFile });
export const useMatchRemittance = () => useMutation({ mutationFn: matchRemittance });

export function usePostRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRemittance,
    // The advice, arrears and over-deductions all change with a posting.
    onSettled: () => queryClient.invalidateQueries({ queryKey: payrollKeys.all }),
  });
}

export function useRemittance(month: string | null, isWanted: boolean) {
  return useQuery(queryOptions({ queryKey: payrollKeys.remittance(month ?? ''), queryFn: () => getRemittance(month ?? ''), enabled: month !== null && isWanted }));
}
