import { useState, type FormEvent } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { MAX_AMOUNT_KOBO, MESSAGES, formatNaira, koboToNairaString, parseNaira, type MemberProductAccountView } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useSavingsHolders } from '../api/get-savings-holders.ts';
import { useHolderProductAccounts } from '../api/get-holder-product-accounts.ts';
import { useSaveContributions, type ContributionEntry } from '../api/save-contributions.ts';

type Props = {
  userId: string;
  /** What finds this holder in the holders list: their staff ID, else their email. */
  search: string;
};

/**
 * The holder's standing monthly contribution (issue 11): what the monthly run offers for them.
 * Blank or ₦0 means none. Read from the holders list, which carries it.
 */
export function ContributionForm({ userId, search }: Props) {
  const holders = useSavingsHolders(search);
  const holder = holders.data?.find((item) => item.userId === userId);
  // Issue 29: shares and target products take a standing amount too (fixed deposits take none).
  const products = useHolderProductAccounts(userId);
  const productFields = (products.data ?? []).filter((product) => product.kind === 'shares' || product.kind === 'target');
  // Here, not in the fields: a save re-keys the fields, and the message must outlive that.
  const flash = useFlashMessage();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Monthly contribution">
      <Title order={2} size="h4" mb={4}>
        Monthly Contribution
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The amount the monthly run offers for this person. Leave it blank or ₦0 for none.
      </Text>
      <SuccessBanner message={flash.message} />
      {holder ? (
        // Keyed by the saved amount, so the field starts again from what the server holds.
        <ContributionFields
          key={[holder.monthlyContributionKobo, ...productFields.map((product) => `${product.productId}:${product.standingContributionKobo}`)].join(' ')}
          userId={userId}
          savedKobo={holder.monthlyContributionKobo}
          products={productFields}
          onSaved={() => flash.show(MESSAGES.contributionSaved)}
        />
      ) : (
        <Text c="dimmed">{holders.isError ? errorMessage(holders.error, MESSAGES.loadStaffListFailed) : MESSAGES.loading}</Text>
      )}
    </Paper>
  );
}

type FieldsProps = { userId: string; savedKobo: number; products: readonly MemberProductAccountView[]; onSaved: () => void };

const typedOf = (kobo: number): string => (kobo > 0 ? koboToNairaString(kobo) : '');

/** An amount the server takes: naira with at most two decimals, up to the ₦1 trillion any amount may be. */
function isAmount(typed: string): boolean {
  const kobo = parseNaira(typed);
  return kobo !== null && kobo <= MAX_AMOUNT_KOBO;
}

/** The ordinary contribution's field; each product's is its id. */
const ORDINARY = 'amount';

function ContributionFields({ userId, savedKobo, products, onSaved }: FieldsProps) {
  const save = useSaveContributions();
  const [amount, setAmount] = useState<string | number>(typedOf(savedKobo));
  const [productAmounts, setProductAmounts] = useState<Record<string, string | number>>(() =>
    Object.fromEntries(products.map((product) => [product.productId, typedOf(product.standingContributionKobo)])),
  );
  // The ordinary contribution, then each product's by its id: all checked at once (issue 34).
  const problems = useFormProblems([ORDINARY, ...products.map((product) => product.productId)]);
  const typedIn = (field: string) => String((field === ORDINARY ? amount : productAmounts[field]) ?? '').trim() || '0';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const entries: ContributionEntry[] = [
      { userId, amount: typedIn(ORDINARY) },
      ...products.map((product) => ({ userId, productId: product.productId, amount: typedIn(product.productId) })),
    ];
    const found = Object.fromEntries(entries.map((entry) => [entry.productId ?? ORDINARY, isAmount(String(entry.amount)) ? null : MESSAGES.enterValidAmount]));
    if (problems.check(found)) return;
    // A promise, not mutate's callbacks: a save re-keys these fields (the saved amounts changed),
    // and callbacks given to mutate() never run once their component has gone.
    save.mutateAsync(entries).then(onSaved, (failure: unknown) => problems.fromServer(failure, MESSAGES.serverError));
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Now: <strong>{savedKobo > 0 ? formatNaira(savedKobo) : 'None'}</strong>
        </Text>
        <AmountInput
          label="Monthly contribution (₦)"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            problems.edited(ORDINARY);
          }}
          error={problems.errorOf(ORDINARY)}
        />
        {products.map((product) => (
          <AmountInput
            key={product.productId}
            label={`${product.productName}, monthly (₦)`}
            description={
              product.kind === 'shares' && product.minimumHoldingKobo
                ? `Taken until the ${formatNaira(product.minimumHoldingKobo)} minimum is held`
                : undefined
            }
            value={productAmounts[product.productId] ?? ''}
            onChange={(value) => {
              setProductAmounts((current) => ({ ...current, [product.productId]: value }));
              problems.edited(product.productId);
            }}
            error={problems.errorOf(product.productId)}
          />
        ))}
        <ErrorBanner message={problems.banner} />
        <Button type="submit" variant="light" loading={save.isPending}>
          Save Contribution
        </Button>
      </Stack>
    </form>
  );
}
