import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

type Props = {
  isPending: boolean;
  /** True while other days' figures are still shown and the new ones are on their way. */
  isRefreshing: boolean;
  error: unknown;
  failedMessage: string;
  children: ReactNode;
};

/** A report's loading state, its failure, or the report (dimmed while another day's is fetched). */
export function ReportBody({ isPending, isRefreshing, error, failedMessage, children }: Props) {
  if (error) return <ErrorBanner message={errorMessage(error, failedMessage)} />;
  if (isPending) return <PageLoading />;
  return (
    <Stack gap="sm" aria-busy={isRefreshing} style={{ opacity: isRefreshing ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {children}
    </Stack>
  );
}
