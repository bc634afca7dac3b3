import { Link, useSearchParams } from 'react-router';
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { MESSAGES, can, type YearEndYear } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { paths } from '../../../lib/paths.ts';
import { useYearEndSettings } from '../api/get-settings.ts';
import { useYears } from '../api/get-years.ts';
import { CloseYearPanel } from './close-year-panel.tsx';
import { RunPanel } from './run-panel.tsx';
import { RunsList } from './runs-list.tsx';
import { SurplusPanel } from './surplus-panel.tsx';
import { monthName, yearLabel } from './year-end-labels.ts';

/** The year to open first: the latest one already over (its year end is the one due), else the latest listed. */
function defaultYear(years: YearEndYear[], today: string): number | null {
  const sorted = years.toSorted((a, b) => b.year - a.year);
  return (sorted.find((year) => year.to < today) ?? sorted[0])?.year ?? null;
}

/**
 * /books/year-end (issue 31): the year's surplus, the appropriation proposed for it, every member's
 * line, approval, posting or reversal, and closing the year. `?year=` and `?run=` live in the address.
 */
export function YearEndPage() {
  const [search, setSearch] = useSearchParams();
  const years = useYears();
  const settings = useYearEndSettings();
  const canManage = can(useSession().data?.role, 'manage_books');
  // The organisation's today, not the device's: whether a year is over decides if it may close.
  const today = useOrgToday().today ?? '';
  const list = years.data?.years ?? [];
  const chosen = Number(search.get('year')) || defaultYear(list, today);
  const year = list.find((entry) => entry.year === chosen) ?? null;
  const runId = search.get('run');

  function change(next: { year?: number; run?: string | null }) {
    const params = new URLSearchParams(search);
    if (next.year !== undefined) {
      params.set('year', String(next.year));
      params.delete('run');
    }
    if (next.run === null) params.delete('run');
    else if (next.run) params.set('run', next.run);
    setSearch(params);
  }

  return (
    <Stack gap="lg" maw={1080}>
      <PageTitle>Year end</PageTitle>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Financial year"
          data={list.toSorted((a, b) => b.year - a.year).map((entry) => ({ value: String(entry.year), label: yearLabel(entry) }))}
          value={year ? String(year.year) : null}
          onChange={(value) => value && change({ year: Number(value) })}
          allowDeselect={false}
          w={{ base: '100%', xs: 340 }}
        />
        {year && (
          <Anchor component={Link} to={`${paths.books.yearEndPack}?year=${year.year}`} size="sm">
            The AGM pack for {year.year}
          </Anchor>
        )}
      </Group>
      {settings.data && (
        <Text size="sm" c="dimmed">
          The financial year starts in {monthName(settings.data.firstMonth)} (Settings › Year end).
        </Text>
      )}
      {years.isPending && <BusyIndicator />}
      <ErrorBanner message={years.error ? errorMessage(years.error, MESSAGES.loadBooksFailed) : null} />
      {year && (
        <>
          <SurplusPanel year={year.year} />
          <RunsList year={year} selectedId={runId} onOpen={(id) => change({ run: id })} />
          <RunPanel key={`${year.year}:${runId ?? ''}`} year={year} runId={runId} canManage={canManage} onRun={(id) => change({ run: id })} />
          <CloseYearPanel year={year} today={today} canManage={canManage} />
        </>
      )}
    </Stack>
  );
}
