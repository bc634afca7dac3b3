import { useSearchParams } from 'react-router';
import { Badge, Stack, Tabs } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { usePendingRequestCount } from '../../../lib/savings-requests.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import type { RequestTab } from '../api/get-requests.ts';
import { RecoveriesPanel } from './recoveries-panel.tsx';
import { RequestsPanel } from './requests-panel.tsx';

function tabOf(value: string | null): RequestTab {
  return value === 'decided' ? 'decided' : 'pending';
}

/**
 * /approvals (admins, issue 15): savings requests waiting for an administrator (a colleague's
 * large withdrawal or transfer, a member's own deposit or withdrawal), and those already decided.
 * The tab lives in the address (`?tab=decided`), so a reload or a shared link keeps it.
 */
export function ApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const flash = useFlashMessage();
  const pending = usePendingRequestCount(true).data ?? 0;

  function go(next: RequestTab) {
    setParams(next === 'pending' ? {} : { tab: next }, { replace: true });
  }

  return (
    <>
      <PageTitle>Approvals</PageTitle>
      <Stack gap="md">
        <SuccessBanner message={flash.message} />
        {tab === 'pending' && <RecoveriesPanel onDone={flash.show} onStart={flash.clear} />}
        <Tabs value={tab} onChange={(value) => go(tabOf(value))}>
          <Tabs.List mb="md">
            <Tabs.Tab
              value="pending"
              rightSection={
                pending > 0 ? (
                  <Badge size="sm" variant="light" circle={pending < 10}>
                    {pending}
                  </Badge>
                ) : null
              }
            >
              Pending
            </Tabs.Tab>
            <Tabs.Tab value="decided">Decided</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="pending">{tab === 'pending' && <RequestsPanel status="pending" onDone={flash.show} onStart={flash.clear} />}</Tabs.Panel>
          <Tabs.Panel value="decided">{tab === 'decided' && <RequestsPanel status="decided" onDone={flash.show} onStart={flash.clear} />}</Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
