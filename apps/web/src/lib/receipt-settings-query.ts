import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptSettings } from '@kobo/core';
import { apiRequest } from './api-client.ts';

/** Shared by the expense form (is a receipt needed?) and Settings (where an admin changes it). */
export const RECEIPT_SETTINGS_KEY = ['receipt-settings'] as const;

export async function getReceiptSettings(): Promise<ReceiptSettings> {
  const { settings } = await apiRequest<{ settings: ReceiptSettings }>('/api/settings/receipts');
  return settings;
}

export function useReceiptSettings() {
  return useQuery(queryOptions({ queryKey: RECEIPT_SETTINGS_KEY, queryFn: getReceiptSettings }));
}
