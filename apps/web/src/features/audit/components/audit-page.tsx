// Stylesheets are imported for their effect: Vite bundles them into this page's CSS chunk.
// oxlint-disable-next-line import/no-unassigned-import
import 'mantine-datatable/styles.css';
import { useSearchParams } from 'react-router';
import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { AUDIT_KINDS, MESSAGES, type AuditKind } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuditLog, type AuditFilters as AuditQueryFilters } from '../api/get-audit.ts';
import { AuditFilters, type AuditFilterValues } from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';

function kindOf(value: string | null): AuditKind | null {
  return value !== null && (AUDIT_KINDS as readonly string[]).includes(value) ? (value as AuditKind) : null;
}

/**
 * The audit log (issue 5, admin only): every administrative act, newest first, filtered by
 * person, kind and days. The filters live in the address, so a link can open a person's history
 * (the users table does) and Back returns to the previous filter.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const userId = params.get('userId');
  const values: AuditFilterValues = {
    person: userId ? { id: userId, label: params.get('person') ?? userId } : null,
    kind: kindOf(params.get('kind')),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const isRangeBackwards = values.from !== '' && values.to !== '' && values.to < values.from;
  const filters: AuditQueryFilters = {
    ...(values.person ? { userId: values.person.id } : {}),
    ...(values.kind ? { kind: values.kind } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  };
  const audit = useAuditLog(filters, !isRangeBackwards);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  // A change names only the filters it changes and is applied to the address as it is now, read
  // from the window: Mantine's Select can call back a handler from an earlier render, whose
  // search params are stale.
  function changeFilters(change: Partial<AuditFilterValues>) {
    const next = new URLSearchParams(window.location.search);
    const put = (key: string, value: string | null | undefined) => (value ? next.set(key, value) : next.delete(key));
    if ('person' in change) {
      put('userId', change.person?.id);
      put('person', change.person?.label);
    }
    if ('kind' in change) put('kind', change.kind);
    if ('from' in change) put('from', change.from);
    if ('to' in change) put('to', change.to);
    setParams(next, { replace: true });
  }

  return (
    <>
      <PageTitle>Audit Log</PageTitle>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
          <AuditFilters values={values} onChange={changeFilters} />
        </Paper>
        <ErrorBanner
          message={isRangeBackwards ? MESSAGES.endBeforeStart : audit.isError ? errorMessage(audit.error, MESSAGES.loadAuditFailed) : null}
        />
        <AuditTable entries={isRangeBackwards ? [] : entries} isFetching={audit.isFetching && !audit.isFetchingNextPage} />
        {audit.hasNextPage && !isRangeBackwards && (
          <Center>
            <Button variant="default" onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage}>
              Load older entries
            </Button>
          </Center>
        )}
        {entries.length > 0 && !audit.hasNextPage && (
          <Text size="sm" c="dimmed" ta="center">
            {entries.length === 1 ? '1 entry' : `${entries.length} entries`}
          </Text>
        )}
      </Stack>
    </>
  );
}
