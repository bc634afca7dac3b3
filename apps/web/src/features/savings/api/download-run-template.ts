import { useMutation } from '@tanstack/react-query';
import type { PayrollMonth } from '@kobo/core';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

/** The .xlsx payroll fills in: every active holder with their standing amount for the month. */
export async function downloadRunTemplate(month: PayrollMonth): Promise<void> {
  await downloadWithProgress(`/api/savings/batches/template?${new URLSearchParams({ month })}`, `payroll-template-${month}.xlsx`, () => {});
}

export function useDownloadRunTemplate() {
  return useMutation({ mutationFn: downloadRunTemplate });
}
