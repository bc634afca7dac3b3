import { Link, useSearchParams } from 'react-router';
import { Badge, Button, Group, Stack, Tabs } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { FaArrowLeft, FaFileInvoiceDollar } from 'react-icons/fa';
import { can, MESSAGES, type BatchRowInput, type BatchView, type UploadedBatchFile } from '@kobo/core';
import { PageTitle } from '../../../../components/page-title.tsx';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { useSession } from '../../../../lib/auth/session.ts';
import { paths } from '../../../../lib/paths.ts';
import { useFlashMessage } from '../../../../lib/use-flash-message.ts';
import { BatchDetail } from './batch-detail.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { PreparePanel } from './prepare-panel.tsx';
import { ReviewPanel } from './review-panel.tsx';
import { RunDetails } from './run-details.tsx';
import { batchPostedText } from './run-labels.ts';
import { UploadPanel } from './upload-panel.tsx';
import { useRunReview } from './use-run-review.ts';
import { useRunSettings } from './use-run-settings.ts';

const TABS = ['prepare', 'upload', 'review', 'history'] as const;
type Tab = (typeof TABS)[number];

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab === value) ?? 'prepare';
}

/**
 * The monthly savings run (issue 11, admin only): Prepare from the holders' standing amounts or
 * Upload payroll's file, Review every row before anything moves, then Post; History lists every
 * batch. The tab and an opened batch live in the address (`?tab=history&batch=<id>`), so a reload
 * or a shared link keeps them; the draft itself lives only on this screen. The auditor (issue 27)
 * reads the history alone: no preparing, uploading, posting or reversing.
 */
export function MonthlyRunPage() {
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  return canManage ? <RunWorkbench /> : <RunHistory />;
}

/** Back to the staff list, and on to the payroll loop (issue 30): the advice before payday, the remittance after. */
function BackToStaffList() {
  return (
    <Group justify="space-between" gap="xs" mb="sm">
      <Button component={Link} to={paths.savings.list} variant="default" size="xs" leftSection={<FaArrowLeft aria-hidden />}>
        Back to Staff List
      </Button>
      <Button component={Link} to={paths.payroll} variant="light" size="xs" leftSection={<FaFileInvoiceDollar aria-hidden />}>
        Payroll advice and remittance
      </Button>
    </Group>
  );
}

/** The runs' history and one batch, read only; the opened batch lives in the address (`?batch=<id>`). */
function RunHistory() {
  const [params, setParams] = useSearchParams();
  const openBatchId = params.get('batch');
  return (
    <>
      <BackToStaffList />
      <PageTitle>Monthly Run</PageTitle>
      {openBatchId ? (
        <BatchDetail batchId={openBatchId} onBack={() => setParams({}, { replace: true })} />
      ) : (
        <HistoryPanel onOpen={(batchId) => setParams({ batch: batchId }, { replace: true })} />
      )}
    </>
  );
}

function RunWorkbench() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const openBatchId = params.get('batch');
  const settings = useRunSettings();
  const run = useRunReview(settings);
  const flash = useFlashMessage();

  function go(next: Tab, batchId?: string) {
    setParams(next === 'prepare' ? {} : { tab: next, ...(batchId ? { batch: batchId } : {}) }, { replace: true });
  }

  function review(rows: BatchRowInput[], file?: UploadedBatchFile) {
    const base = settings.draftBase();
    if (!base) return;
    flash.clear();
    run.start({ ...base, ...(file ? { fileHash: file.fileHash, fileName: file.fileName } : {}) }, rows, () => go('review'));
  }

  function handlePosted(batch: BatchView) {
    run.clear();
    flash.show(batchPostedText(batch));
    go('history', batch.id);
  }

  return (
    <>
      <BackToStaffList />
      <PageTitle>Monthly Run</PageTitle>
      <Stack gap="md">
        <SuccessBanner message={flash.message} />
        <Tabs value={tab} onChange={(value) => go(tabOf(value))}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="prepare">Prepare</Tabs.Tab>
            <Tabs.Tab value="upload">Upload</Tabs.Tab>
            <Tabs.Tab
              value="review"
              rightSection={
                run.review && run.review.refusedCount > 0 ? (
                  <Badge size="xs" color="red" circle aria-label={`${run.review.refusedCount} refused`}>
                    {run.review.refusedCount}
                  </Badge>
                ) : null
              }
            >
              Review
            </Tabs.Tab>
            <Tabs.Tab value="history">History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="prepare">
            <Stack gap="md">
              <RunDetails settings={settings} />
              <PreparePanel settings={settings} isReviewing={run.isReviewing} reviewError={run.error} onReview={(rows) => review(rows)} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="upload">
            <Stack gap="md">
              <RunDetails settings={settings} />
              <UploadPanel settings={settings} isReviewing={run.isReviewing} reviewError={run.error} onReview={(file) => review(file.rows, file)} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="review">
            <ReviewPanel run={run} onPosted={handlePosted} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            {openBatchId ? (
              <BatchDetail batchId={openBatchId} onBack={() => go('history')} onReversed={() => flash.show(MESSAGES.batchReversed)} />
            ) : (
              <HistoryPanel onOpen={(batchId) => go('history', batchId)} />
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
