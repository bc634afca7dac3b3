import { useSearchParams } from 'react-router';
import { Stack, Tabs } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { PAR_SCREEN_TEXT } from '@kobo/core';
import { PageTitle } from '../../../../components/page-title.tsx';
import { ArrearsPanel } from './arrears-panel.tsx';
import { LoansPanel } from './loans-panel.tsx';
import { ParPanel } from './par-panel.tsx';
import { PortfolioCard } from './portfolio-card.tsx';
import { ProductsPanel } from './products-panel.tsx';

const TABS = ['loans', 'arrears', 'par', 'products'] as const;
type Tab = (typeof TABS)[number];

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab === value) ?? 'loans';
}

/**
 * /loans (officers, issue 12): the portfolio at a glance, then applications and loans, arrears,
 * and the products with the approval setting. The tab lives in the address (`?tab=arrears`), so a
 * reload or a shared link keeps it, and so does the list's status filter.
 */
export function LoansPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));

  function go(next: Tab) {
    setParams(next === 'loans' ? {} : { tab: next }, { replace: true });
  }

  return (
    <>
      <PageTitle>Loans</PageTitle>
      <Stack gap="md">
        <PortfolioCard />
        <Tabs value={tab} onChange={(value) => go(tabOf(value))}>
          <Tabs.List mb="md">
            <Tabs.Tab value="loans">Applications & loans</Tabs.Tab>
            <Tabs.Tab value="arrears">Arrears</Tabs.Tab>
            <Tabs.Tab value="par">{PAR_SCREEN_TEXT.tab}</Tabs.Tab>
            <Tabs.Tab value="products">Products</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="loans">{tab === 'loans' && <LoansPanel />}</Tabs.Panel>
          <Tabs.Panel value="arrears">{tab === 'arrears' && <ArrearsPanel />}</Tabs.Panel>
          <Tabs.Panel value="par">{tab === 'par' && <ParPanel />}</Tabs.Panel>
          <Tabs.Panel value="products">{tab === 'products' && <ProductsPanel />}</Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
