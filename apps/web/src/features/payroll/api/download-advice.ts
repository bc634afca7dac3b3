import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';
import { adviceUrl } from './payroll-keys.ts';

/** The issued advice's file in a layout: the address a real link points at. */
export function adviceDownloadUrl(month: string, layoutId: string): string {
  return `${adviceUrl(month)}/download?${new URLSearchParams({ layout: layoutId })}`;
}

/** Fetched rather than followed, so a refusal (a layout with no place for a deduction) is said on screen. */
export function useDownloadAdvice() {
  return useMutation({
    mutationFn: (input: { month: string; layoutId: string }) => downloadWithProgress(adviceDownloadUrl(input.month, input.layoutId), `deductions-${input.month}.xlsx`, () => {}),
  });
}
