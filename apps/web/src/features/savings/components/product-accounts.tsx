import { lazy, Suspense } from 'react';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID, type MemberProductAccountView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useHolderProductAccounts } from '../api/get-holder-product-accounts.ts';
import { useMyProductAccounts } from '../api/get-my-product-accounts.ts';

// Loaded only for a member who holds another product: a first visit by everyone else (issue 13's
// page weight) downloads none of the cards' code or styles.
const ProductAccountCard = lazy(async () => ({ default: (await import('./product-account-card.tsx')).ProductAccountCard }));

type Props = { accounts: MemberProductAccountView[] | undefined; error: unknown };

/**
 * A member's savings products beside ordinary savings (issue 29), a card each: every product they
 * have an account in, and shares even before the first one, so the minimum shows from the start.
 * Ordinary savings keeps its own card above; nothing renders for a member with no other product.
 */
export function ProductAccounts({ accounts, error }: Props) {
  if (error) return <ErrorBanner message={errorMessage(error, MESSAGES.loadSavingsFailed)} />;
  const shown = (accounts ?? []).filter(
    (account) => account.productId !== ORDINARY_SAVINGS_PRODUCT_ID && (account.accountId !== null || account.balanceKobo > 0 || account.kind === 'shares'),
  );
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Savings products">
      <Title order={2} size="h4">
        Savings products
      </Title>
      <Suspense fallback={null}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {shown.map((account) => (
            <ProductAccountCard key={account.productId} account={account} />
          ))}
        </SimpleGrid>
      </Suspense>
    </Stack>
  );
}

/** The signed-in member's own products, on their savings page. */
export function MyProductAccounts() {
  const accounts = useMyProductAccounts();
  return <ProductAccounts accounts={accounts.data} error={accounts.error} />;
}

/** A holder's products on Staff Savings Detail; `holderRef` is the page's staff ID or user id. */
export function HolderProductAccounts({ holderRef }: { holderRef: string }) {
  const accounts = useHolderProductAccounts(holderRef);
  return <ProductAccounts accounts={accounts.data} error={accounts.error} />;
}
