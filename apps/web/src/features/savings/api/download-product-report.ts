import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

/** The two savings products reports' .xlsx (issue 29), as their routes name them. */
export type ProductReport = 'totals' | 'below-minimum';

const FILE_NAMES: Record<ProductReport, string> = { totals: 'savings-products.xlsx', 'below-minimum': 'below-share-minimum.xlsx' };

export async function downloadProductReport(report: ProductReport): Promise<void> {
  // A short list: the button's spinner is progress enough.
  await downloadWithProgress(`/api/savings/products/${report}.xlsx`, FILE_NAMES[report], () => {});
}

export function useDownloadProductReport() {
  return useMutation({ mutationFn: downloadProductReport });
}
