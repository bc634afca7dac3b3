import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { YEAR_END_METHOD_LABELS, formatNaira, formatRate, type YearEndLine, type YearEndPreview } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { useDownloadPreview, usePreview } from '../api/get-preview.ts';
import { PartTotals } from './part-totals.tsx';
import { YEAR_END_FAILED } from './year-end-labels.ts';
import classes from './year-end.module.css';

/** Step 3: every member's line (basis, method, rate, gross, tax, net, to which account) and totals that reconcile to the kobo. */
export function PreviewPanel({ runId }: { runId: string }) {
  const preview = usePreview(runId);
  const download = useDownloadPreview();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="year-end-preview">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="year-end-preview">
            Every member&apos;s line
          </Title>
          <Button variant="default" size="sm" loading={download.isPending} onClick={() => download.mutate(runId)}>
            Download .xlsx
          </Button>
        </Group>
        <ErrorBanner message={download.error ? errorMessage(download.error, YEAR_END_FAILED.download) : null} />
        {preview.isPending && <BusyIndicator label="Working out every member's line…" />}
        <ErrorBanner message={preview.error ? errorMessage(preview.error, YEAR_END_FAILED.step) : null} />
        {preview.data && <PreviewBody preview={preview.data} />}
      </Stack>
    </Paper>
  );
}

function PreviewBody({ preview }: { preview: YearEndPreview }) {
  const isWide = useIsWideScreen();
  const { totals } = preview;
  return (
    <>
      <Text size="sm" c="dimmed">
        {preview.isFrozen ? 'The lines as approved: they are not worked out again.' : 'Worked out now from the books; approval freezes them.'}
      </Text>
      <FactList
        cols={{ base: 2, sm: 5 }}
        facts={[
          { label: 'Appropriated', value: formatNaira(totals.appropriatedKobo) },
          { label: 'Gross', value: formatNaira(totals.grossKobo) },
          { label: 'Tax withheld', value: formatNaira(totals.taxKobo) },
          { label: 'Net to members', value: formatNaira(totals.netKobo) },
          { label: 'Rounding', value: formatNaira(totals.roundingKobo) },
        ]}
      />
      <PartTotals parts={preview.parts} />
      {preview.lines.length === 0 ? <Text c="dimmed">No member has a line: nobody held a balance this run pays on.</Text> : isWide ? <LinesTable lines={preview.lines} /> : <LineCards lines={preview.lines} />}
    </>
  );
}

function LinesTable({ lines }: { lines: YearEndLine[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Every member's line" striped className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>For</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th className={classes.money}>Basis</Table.Th>
            <Table.Th className={classes.money}>Rate</Table.Th>
            <Table.Th className={classes.money}>Gross</Table.Th>
            <Table.Th className={classes.money}>Tax</Table.Th>
            <Table.Th className={classes.money}>Net</Table.Th>
            <Table.Th>Paid into</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={`${line.userId}:${line.part}`}>
              <Table.Td>
                {line.name}
                {line.staffId && (
                  <Text size="xs" c="dimmed">
                    {line.staffId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td>{YEAR_END_METHOD_LABELS[line.method]}</Table.Td>
              <Table.Td className={classes.money}>{formatNaira(line.basisKobo)}</Table.Td>
              <Table.Td className={classes.money}>{formatRate(line.rateBp)}</Table.Td>
              <Table.Td className={classes.money}>{formatNaira(line.grossKobo)}</Table.Td>
              <Table.Td className={classes.money}>{formatNaira(line.taxKobo)}</Table.Td>
              <Table.Td className={classes.money}>{formatNaira(line.netKobo)}</Table.Td>
              <Table.Td>{line.toProductName}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone a card per line: no sideways scroll. */
function LineCards({ lines }: { lines: YearEndLine[] }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Every member's line">
      {lines.map((line) => (
        <li key={`${line.userId}:${line.part}`} className={classes.card}>
          <Text fw={600}>
            {line.name}
            {line.staffId ? ` · ${line.staffId}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {line.label} · {YEAR_END_METHOD_LABELS[line.method]} · {formatRate(line.rateBp)} on {formatNaira(line.basisKobo)}
          </Text>
          <FactList
            cols={3}
            facts={[
              { label: 'Gross', value: formatNaira(line.grossKobo) },
              { label: 'Tax', value: formatNaira(line.taxKobo) },
              { label: 'Net', value: formatNaira(line.netKobo) },
            ]}
          />
          <Text size="sm">Paid into {line.toProductName}</Text>
        </li>
      ))}
    </Stack>
  );
}
