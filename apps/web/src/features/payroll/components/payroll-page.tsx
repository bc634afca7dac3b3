import { Link, useSearchParams } from 'react-router';
import { Button, Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Tabs.css';
import { FaArrowLeft } from 'react-icons/fa';
import { can, MESSAGES } from '@kobo/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { monthOptions } from '../../../lib/month-options.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { paths } from '../../../lib/paths.ts';
import { AdvicePanel } from './advice-panel.tsx';
import { ArrearsPanel } from './arrears-panel.tsx';
import { RemittancePanel } from './remittance-panel.tsx';

const TABS = ['advice', 'remittance', 'arrears'] as const;
type Tab = (typeof TABS)[number];

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab === value) ?? 'advice';
}

/**
 * The payroll loop (issue 30, decision 047): before payday the month's deduction advice, prepared,
 * reviewed and issued to payroll; after payday what payroll remitted, matched against it and
 * posted; then the arrears it leaves and the over-deductions held. The month and step live in the
 * address, so a reload keeps them. The auditor reads every step and changes nothing.
 */
export function PayrollPage() {
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  const { today } = useOrgToday();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const month = params.get('month') ?? today?.slice(0, 7) ?? null;

  function go(next: { tab?: Tab; month?: string }) {
    const nextTab = next.tab ?? tab;
    const nextMonth = next.month ?? month;
    setParams({ ...(nextMonth ? { month: nextMonth } : {}), ...(nextTab === 'advice' ? {} : { tab: nextTab }) }, { replace: true });
  }

  return (
    <>
      <Button component={Link} to={paths.savingsRuns} variant="default" size="xs" leftSection={<FaArrowLeft aria-hidden />} mb="sm">
        Back to Monthly Run
      </Button>
      <PageTitle>Payroll advice and remittance</PageTitle>
      {!today || !month ? (
        <Text c="dimmed">{MESSAGES.loading}</Text>
      ) : (
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" component="section" aria-label="Payroll month">
            <Group gap="sm" align="flex-end">
              <Select
                label="Month"
                data={monthOptions(today)}
                value={month}
                onChange={(value) => value && go({ month: value })}
                allowDeselect={false}
                miw={0}
                maw={260}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
          </Paper>
          <Tabs value={tab} onChange={(value) => go({ tab: tabOf(value) })}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="advice">1. Advice</Tabs.Tab>
              <Tabs.Tab value="remittance">2. Remittance</Tabs.Tab>
              <Tabs.Tab value="arrears">3. Arrears</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="advice">{tab === 'advice' && <AdvicePanel month={month} canManage={canManage} />}</Tabs.Panel>
            <Tabs.Panel value="remittance">
              {tab === 'remittance' && <RemittancePanel month={month} canManage={canManage} onAdvice={() => go({ tab: 'advice' })} />}
            </Tabs.Panel>
            <Tabs.Panel value="arrears">{tab === 'arrears' && <ArrearsPanel month={month} canManage={canManage} />}</Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </>
  );
}
