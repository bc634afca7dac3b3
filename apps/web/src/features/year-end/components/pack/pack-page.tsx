import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { BusyIndicator } from '../../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageTitle } from '../../../../components/page-title.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../../lib/format-date-time.ts';
import { paths } from '../../../../lib/paths.ts';
import { useDownloadPack, usePack } from '../../api/get-pack.ts';
import { YEAR_END_FAILED } from '../year-end-labels.ts';
import { AppropriationSection, BalanceSheetSection, IncomeSection, LoansSection, OfficersSection, ProductTotalsSection, ScheduleSection } from './pack-sections.tsx';
import '../../../../components/print-page.css';
import './pack-print.css';

/** /books/year-end/pack?year= (issue 31): what the AGM reads, on screen and on A4, a section a page. */
export function YearEndPackPage() {
  const [search] = useSearchParams();
  const year = Number(search.get('year')) || null;
  const pack = usePack(year);
  const download = useDownloadPack();
  return (
    <Stack gap="lg" maw={1080} data-printable data-pack-page>
      <PageTitle>AGM pack</PageTitle>
      <Group justify="space-between" gap="sm" data-print-hidden>
        <Anchor component={Link} to={year ? `${paths.books.yearEnd}?year=${year}` : paths.books.yearEnd} size="sm">
          Back to the year end
        </Anchor>
        <Group gap="sm">
          <Button variant="default" onClick={() => window.print()} disabled={!pack.data}>
            Print
          </Button>
          <Button variant="default" loading={download.isPending} disabled={!year} onClick={() => year && download.mutate(year)}>
            Download .xlsx
          </Button>
        </Group>
      </Group>
      <ErrorBanner message={download.error ? errorMessage(download.error, YEAR_END_FAILED.download) : null} />
      {!year && <Text>Choose a year on the year-end screen.</Text>}
      {pack.isPending && year && <BusyIndicator label="Gathering the AGM pack…" />}
      <ErrorBanner message={pack.error ? errorMessage(pack.error, MESSAGES.loadBooksFailed) : null} />
      {pack.data && (
        <>
          <div>
            <Title order={2} size="h3">
              Annual general meeting: the year {formatCalendarDate(pack.data.from)} to {formatCalendarDate(pack.data.to)}
            </Title>
            <Text size="sm" c="dimmed">
              The year is {pack.data.state}. Read {formatDateTime(pack.data.readAt)}.
            </Text>
          </div>
          <IncomeSection pack={pack.data} />
          <BalanceSheetSection pack={pack.data} />
          <AppropriationSection pack={pack.data} />
          <ScheduleSection pack={pack.data} />
          <OfficersSection pack={pack.data} />
          <ProductTotalsSection pack={pack.data} />
          <LoansSection pack={pack.data} />
        </>
      )}
    </Stack>
  );
}
