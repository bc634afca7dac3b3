import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FaFileExcel, FaSearch } from 'react-icons/fa';
import { LOAN_STATUS_FILTERS, LOAN_STATUS_LABELS, MESSAGES, type LoanStatus } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useExportLoans } from '../../api/admin-export-loans.ts';
import { useLoans, type LoanListFilter } from '../../api/admin-get-loans.ts';
import { LoanList } from './loan-list.tsx';

/** The most loans the server answers at once (GET /api/loans). */
const LIST_LIMIT = 200;
const ALL = 'all';
const STATUS_OPTIONS = [{ value: ALL, label: 'All' }, ...LOAN_STATUS_FILTERS.map((status) => ({ value: status, label: LOAN_STATUS_LABELS[status] }))];

function statusOf(value: string | null): LoanStatus | null {
  return LOAN_STATUS_FILTERS.find((status) => status === value) ?? null;
}

/**
 * Applications and loans, newest first: filtered by status (kept in the address, `?status=`) and
 * searched by the borrower's name or staff ID; the export holds exactly what is shown.
 */
export function LoansPanel() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const filter: LoanListFilter = { status, search: debouncedSearch };
  const loans = useLoans(filter);
  const exportLoans = useExportLoans();

  function chooseStatus(value: string | null) {
    const next = statusOf(value);
    setParams(next ? { status: next } : {}, { replace: true });
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ALL}
          onChange={chooseStatus}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <TextInput
          label="Search"
          placeholder="Borrower's name or staff ID"
          type="search"
          leftSection={<FaSearch aria-hidden />}
          rightSection={loans.isFetching && !loans.isPending ? <Loader size="xs" aria-label={MESSAGES.loading} /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Button
          variant="light"
          leftSection={<FaFileExcel aria-hidden />}
          loading={exportLoans.isPending}
          onClick={() => exportLoans.mutate(filter)}
          w={{ base: '100%', xs: 'auto' }}
        >
          Export .xlsx
        </Button>
      </Group>
      <ErrorBanner message={exportLoans.isError ? errorMessage(exportLoans.error, MESSAGES.exportFailed) : null} />
      {loans.isPending ? (
        <PageLoading />
      ) : loans.isError ? (
        <ErrorBanner message={errorMessage(loans.error, MESSAGES.loadLoansFailed)} />
      ) : loans.data.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noLoansFound}</Text>
      ) : (
        <>
          <LoanList loans={loans.data} />
          {loans.data.length >= LIST_LIMIT && (
            <Text size="sm" c="dimmed">
              Showing the newest {LIST_LIMIT} loans. Choose a status or search to find others.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
