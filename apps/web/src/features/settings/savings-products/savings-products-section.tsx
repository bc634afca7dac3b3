import { useState } from 'react';
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { FaPlus } from 'react-icons/fa';
import { MESSAGES, type SavingsProductView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { SettingsSection } from '../components/settings-section.tsx';
import { useSavingsProductAccounts } from './api/get-product-accounts.ts';
import { useSavingsProducts } from './api/get-savings-products.ts';
import { SavingsProductCard } from './product-card.tsx';
import { DeleteSavingsProductDialog, RetireSavingsProductDialog } from './product-dialogs.tsx';
import { SavingsProductFormModal } from './product-form-modal.tsx';

/**
 * Settings › Savings products (issue 29, COOPERATIVE.md "Kinds of saving"): share capital, ordinary
 * savings, target savings and fixed deposits, each under its control account in the scheme's book.
 */
export function SavingsProductsSection() {
  const products = useSavingsProducts();
  const accounts = useSavingsProductAccounts();
  const flash = useFlashMessage();
  const [editing, setEditing] = useState<SavingsProductView | 'new' | null>(null);
  const [retiring, setRetiring] = useState<SavingsProductView | null>(null);
  const [deleting, setDeleting] = useState<SavingsProductView | null>(null);

  function done(message: string) {
    setEditing(null);
    setRetiring(null);
    setDeleting(null);
    flash.show(message);
  }

  const failure = products.error ?? accounts.error;
  return (
    <SettingsSection title="Savings products">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          Each member may hold one account of each product. A product a member holds is retired, never deleted.
        </Text>
        <Button leftSection={<FaPlus aria-hidden />} onClick={() => setEditing('new')} disabled={!accounts.data}>
          Add product
        </Button>
      </Group>
      <SuccessBanner message={flash.message} />
      {products.isPending || accounts.isPending ? (
        <PageLoading />
      ) : failure || !products.data || !accounts.data ? (
        <ErrorBanner message={errorMessage(failure, MESSAGES.loadSavingsProductsFailed)} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label="Savings products">
            {products.data.map((product) => {
              const control = accounts.data.controlAccounts.find((account) => account.id === product.controlAccountId);
              return (
                <div role="listitem" key={product.id}>
                  <SavingsProductCard
                    product={product}
                    controlAccount={control ? `${control.code} ${control.name}` : ''}
                    actions={{ onEdit: () => setEditing(product), onRetireOrRestore: () => setRetiring(product), onDelete: () => setDeleting(product) }}
                  />
                </div>
              );
            })}
          </SimpleGrid>
          <SavingsProductFormModal product={editing} accounts={accounts.data} onClose={() => setEditing(null)} onSaved={() => done(MESSAGES.savingsProductSaved)} />
        </>
      )}
      <RetireSavingsProductDialog product={retiring} onClose={() => setRetiring(null)} onDone={done} />
      <DeleteSavingsProductDialog product={deleting} onClose={() => setDeleting(null)} onDone={done} />
    </SettingsSection>
  );
}
