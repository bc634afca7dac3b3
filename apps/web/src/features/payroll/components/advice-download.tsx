import { useState, type MouseEvent } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { FaDownload } from 'react-icons/fa';
import { GENERIC_LAYOUT_ID, MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { adviceDownloadUrl, useDownloadAdvice } from '../api/download-advice.ts';
import { useLayouts } from '../api/get-layouts.ts';

/**
 * The issued advice as payroll reads it: the generic layout or one the scheme saved for its
 * payroll provider. A real link to the file (it can be opened or copied); a plain click fetches it
 * instead, so a layout with no place for one of the deductions is refused here, in words.
 */
export function AdviceDownload({ month }: { month: string }) {
  const layouts = useLayouts();
  const download = useDownloadAdvice();
  const [layoutId, setLayoutId] = useState(GENERIC_LAYOUT_ID);
  const options = (layouts.data ?? []).map((layout) => ({ value: layout.id, label: `${layout.name} (${layout.format === 'csv' ? 'CSV' : '.xlsx'})` }));
  const href = adviceDownloadUrl(month, layoutId);

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    // A modified click (new tab, save as) is the browser's to follow.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!download.isPending) download.mutate({ month, layoutId });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Download for payroll">
      <Title order={2} size="h4" mb="sm">
        Download for payroll
      </Title>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Layout"
            data={options.length > 0 ? options : [{ value: GENERIC_LAYOUT_ID, label: 'Generic (.xlsx)' }]}
            value={layoutId}
            onChange={(value) => {
              if (value) setLayoutId(value);
              download.reset();
            }}
            allowDeselect={false}
            miw={0}
            style={{ flex: '1 1 14rem' }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button component="a" href={href} download onClick={handleClick} leftSection={<FaDownload aria-hidden />} loading={download.isPending}>
            Download advice
          </Button>
        </Group>
        {download.isSuccess && (
          <Text size="sm" aria-live="polite">
            Downloaded {download.data.fileName}.
          </Text>
        )}
        <ErrorBanner message={layouts.isError ? errorMessage(layouts.error, MESSAGES.serverError) : null} />
        <ErrorBanner message={download.isError ? errorMessage(download.error, MESSAGES.exportFailed) : null} />
      </Stack>
    </Paper>
  );
}
