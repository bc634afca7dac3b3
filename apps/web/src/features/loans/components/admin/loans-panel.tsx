import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { FaFileExcel, FaPlus, FaSearch } from 'react-icons/fa';
import { can, LOAN_STATUS_FILTERS, LOAN_STATUS_LABELS, MESSAGES, type LoanStatus, type LoanView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/auth/session.ts';
import { paths } from '../../../../lib/paths.ts';
import { useExportLoans } from '../../api/admin-export-loans.ts';
import { useLoans, type LoanListFilter } from '../../api/admin-get-loans.ts';
import { withNotice } from './arrival-notice.ts';
import { LoanList } from './loan-list.tsx';
import { NewApplicationModal } from './new-application-modal.tsx';
import { BusyIndicator } from '../../../../components/busy-indicator.tsx';

/** The most loans the server answers at once (GET /api/loans). */
const LIST_LIMIT = 200;
const ALL = 'all';
const STATUS_OPTIONS = [{ value: ALL, label: 'All' }, ...LOAN_STATUS_FILTERS.map((status) => ({ value: status, label: LOAN_STATUS_LABELS[status] }))];

function statusOf(value: string | null): LoanStatus | null {
  return LOAN_STATUS_FILTERS.find((status) => status === value) ?? null;
}

/**
 * Applications and loans, newest first: filtered by status (kept in the address, `?status=`) and
 * searched by the borrower's name or staff ID; the export holds exactly what is shown. A new
 * application, made for a member, opens on its own page once sent.
 */
export function LoansPanel() {
  // Issue 27: the auditor reads and exports the loans; applying is the officers'.
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const filter: LoanListFilter = { status, search: debouncedSearch };
  const loans = useLoans(filter);
  const exportLoans = useExportLoans();
  const [isApplying, applyModal] = useDisclosure(false);
  const navigate = useNavigate();

  function handleApplied(loan: LoanView) {
    applyModal.close();
    void navigate(paths.loans.detail(loan.id), { state: withNotice(MESSAGES.loanApplied) });
  }

  function chooseStatus(value: string | null) {
    const next = statusOf(value);
    setParams(next ? { status: next } : {}, { replace: true });
  }

  return (
    <Stack gap="sm">
      {canManage && (
        <Group justify="flex-end">
          <Button leftSection={<FaPlus aria-hidden />} onClick={applyModal.open}>
            New application
          </Button>
        </Group>
      )}
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
          rightSection={loans.isFetching && !loans.isPending ? <BusyIndicator size="xs" /> : null}
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
      {canManage && <NewApplicationModal opened={isApplying} onClose={applyModal.close} onApplied={handleApplied} />}
    </Stack>
  );
}
