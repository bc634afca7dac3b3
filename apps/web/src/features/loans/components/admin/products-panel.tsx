import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FaPlus } from 'react-icons/fa';
import { can, MESSAGES, type LoanProductView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/auth/session.ts';
import { useFlashMessage } from '../../../../lib/use-flash-message.ts';
import { useLoanProducts } from '../../api/admin-get-loan-products.ts';
import { ProductCard } from './product-card.tsx';
import { ProductFormModal } from './product-form-modal.tsx';
import { RetireProductDialog } from './retire-product-dialog.tsx';
import { DefaultDaysSetting } from './default-days-setting.tsx';
import { TwoPersonApprovalSetting } from './two-person-approval-setting.tsx';

/**
 * The products officers lend on (retired ones too, marked), and the approval setting. The auditor
 * (issue 27) reads the products; the setting and every change are the officers'.
 */
export function ProductsPanel() {
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  const products = useLoanProducts();
  const flash = useFlashMessage();
  const [editing, setEditing] = useState<LoanProductView | 'new' | null>(null);
  const [retiring, setRetiring] = useState<LoanProductView | null>(null);

  function handleSaved() {
    setEditing(null);
    flash.show(MESSAGES.loanProductSaved);
  }

  function handleRetiredOrRestored() {
    setRetiring(null);
    flash.show(MESSAGES.loanProductSaved);
  }

  return (
    <Stack gap="md">
      {canManage && <TwoPersonApprovalSetting />}
      {canManage && <DefaultDaysSetting />}
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          Products
        </Title>
        {canManage && (
          <Button leftSection={<FaPlus aria-hidden />} onClick={() => setEditing('new')}>
            New product
          </Button>
        )}
      </Group>
      <SuccessBanner message={flash.message} />
      {products.isPending ? (
        <PageLoading />
      ) : products.isError ? (
        <ErrorBanner message={errorMessage(products.error, MESSAGES.loadLoansFailed)} />
      ) : products.data.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noLoanProductsYet}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {products.data.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              actions={canManage ? { onEdit: () => setEditing(product), onRetireOrRestore: () => setRetiring(product) } : null}
            />
          ))}
        </SimpleGrid>
      )}
      {canManage && <ProductFormModal product={editing} onClose={() => setEditing(null)} onSaved={handleSaved} />}
      {canManage && <RetireProductDialog product={retiring} onClose={() => setRetiring(null)} onDone={handleRetiredOrRestored} />}
    </Stack>
  );
}
