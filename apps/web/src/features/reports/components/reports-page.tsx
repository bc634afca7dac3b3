import { useState } from 'react';
import { Stack } from '@mantine/core';
import { MESSAGES, type DateRange } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';
import { useLiveQueries } from '../../../lib/live-changes.ts';
import { useReportRows } from '../api/get-report-rows.ts';
import { useReportSummary } from '../api/get-report-summary.ts';
import { ReportForm } from './report-form.tsx';
import { ReportSummary } from './report-summary.tsx';
import { ReportTable } from './report-table.tsx';
import { ReportActions } from './report-actions.tsx';
import '../../../components/print-page.css';
import './report-print.css';

// SPEC 7: the original report read a live subscription; a generated report follows later changes.
const LIVE = { expenses: [EXPENSE_QUERY_ROOTS.reports], categories: [EXPENSE_QUERY_ROOTS.reports] };

/** SPEC "Report": made only when Generate Report is pressed, over whole days (DECISIONS 12). */
export function ReportsPage() {
  const [range, setRange] = useState<DateRange | null>(null);
  const summary = useReportSummary(range);
  const rows = useReportRows(range);
  useLiveQueries(LIVE);

  function generate(next: DateRange) {
    // Pressing again with the same dates asks the server again, as a fresh report should.
    if (range && next.from === range.from && next.to === range.to) {
      void summary.refetch();
      void rows.refetch();
    }
    setRange(next);
  }

  const rowList = rows.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <>
      <PageTitle>Reports</PageTitle>
      <Stack gap="md" maw={960} data-printable data-report-printable>
        <ReportForm isPending={range !== null && summary.isFetching} onGenerate={generate} />
        {range &&
          (summary.isError ? (
            <ErrorBanner message={errorMessage(summary.error, MESSAGES.loadExpensesFailed)} />
          ) : !summary.data ? (
            <PageLoading />
          ) : (
            <>
              <ReportActions range={range} />
              <ReportSummary summary={summary.data} />
              <ReportTable
                rows={rowList}
                count={summary.data.count}
                isPending={rows.isPending}
                error={rows.error}
                hasNextPage={rows.hasNextPage}
                isFetchingNextPage={rows.isFetchingNextPage}
                onLoadMore={() => void rows.fetchNextPage()}
              />
            </>
          ))}
      </Stack>
    </>
  );
}
