import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceiptSettings, ReceiptSettingsInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { RECEIPT_SETTINGS_KEY } from '../../../lib/receipt-settings-query.ts';

/** The amount travels in naira as typed, as every amount does; null turns the rule off. */
export async function saveReceiptSettings(input: ReceiptSettingsInput): Promise<ReceiptSettings> {
  const { settings } = await apiRequest<{ settings: ReceiptSettings }>('/api/settings/receipts', { method: 'PUT', body: input });
  return settings;
}

export function useSaveReceiptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReceiptSettings,
    onSuccess: (saved) => queryClient.setQueryData(RECEIPT_SETTINGS_KEY, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RECEIPT_SETTINGS_KEY }),
  });
}
