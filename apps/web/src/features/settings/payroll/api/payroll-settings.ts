import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayrollLayout, PayrollLayoutInput, PayrollSettings } from '@kobo/core';
import { apiRequest } from '../../../../lib/api-client.ts';

const SETTINGS_KEY = ['payroll', 'settings'] as const;
// The payroll screen reads the same list (its layout choosers): one key, so a save refreshes both.
const LAYOUTS_KEY = ['payroll', 'layouts'] as const;

/** Issue 30: whether arrears are re-deducted, and the order a remittance pays deductions in. */
export function getPayrollSettings(): Promise<PayrollSettings> {
  return apiRequest<PayrollSettings>('/api/payroll/settings');
}

export function savePayrollSettings(input: PayrollSettings): Promise<PayrollSettings> {
  return apiRequest<PayrollSettings>('/api/payroll/settings', { method: 'PUT', body: input });
}

export function usePayrollSettings() {
  return useQuery(queryOptions({ queryKey: SETTINGS_KEY, queryFn: getPayrollSettings }));
}

export function useSavePayrollSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayrollSettings,
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

/** The generic layout first (built for the current products' deductions), then the saved ones. */
export async function getPayrollLayouts(): Promise<PayrollLayout[]> {
  return (await apiRequest<{ layouts: PayrollLayout[] }>('/api/payroll/layouts')).layouts;
}

export function usePayrollLayouts() {
  return useQuery(queryOptions({ queryKey: LAYOUTS_KEY, queryFn: getPayrollLayouts }));
}

/** Adds a layout (no id) or replaces a saved one. */
export function savePayrollLayout(input: { id: string | null; layout: PayrollLayoutInput }): Promise<PayrollLayout> {
  return input.id === null
    ? apiRequest<PayrollLayout>('/api/payroll/layouts', { method: 'POST', body: input.layout })
    : apiRequest<PayrollLayout>(`/api/payroll/layouts/${encodeURIComponent(input.id)}`, { method: 'PUT', body: input.layout });
}

export function deletePayrollLayout(id: string): Promise<void> {
  return apiRequest<void>(`/api/payroll/layouts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useLayoutMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: LAYOUTS_KEY }) });
}

export const useSavePayrollLayout = () => useLayoutMutation(savePayrollLayout);
export const useDeletePayrollLayout = () => useLayoutMutation(deletePayrollLayout);
