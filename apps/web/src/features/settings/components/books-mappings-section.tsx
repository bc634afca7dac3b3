import { Button, Stack, Text, Title } from '@mantine/core';
import { BOOK_LABELS, mappingKind, MESSAGES, type Book, type LedgerAccountView, type LedgerMappingsView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { mappableOptions } from '../books/account-options.ts';
import { useLedgerAccounts } from '../books/ledger-accounts-api.ts';
import { useDeleteLedgerMapping, useLedgerMappings, useSetCategoryAccount, useSetLedgerMapping } from '../books/ledger-mappings-api.ts';
import { MappingSelect } from '../books/mapping-select.tsx';
import { PaymentMethodForm } from '../books/payment-method-form.tsx';

/**
 * Which account each kind of posting uses (issue 27): the savings scheme's rules, the organisation's
 * payment methods (any other method uses the default) and each expense item's expense account.
 * A change applies from now on; entries already posted stay where they are.
 */
export function BooksMappings() {
  const mappings = useLedgerMappings();
  const scheme = useLedgerAccounts('scheme');
  const organisation = useLedgerAccounts('organisation');
  const flash = useFlashMessage();
  if (mappings.isPending || scheme.isPending || organisation.isPending) return <PageLoading />;
  const failure = mappings.error ?? scheme.error ?? organisation.error;
  if (failure || !mappings.data || !scheme.data || !organisation.data) return <ErrorBanner message={errorMessage(failure, MESSAGES.loadLedgerMappingsFailed)} />;
  const charts: Record<Book, LedgerAccountView[]> = { scheme: scheme.data.accounts, organisation: organisation.data.accounts };
  return (
    <Stack gap="md" role="region" aria-label="Where postings go">
      <Title order={3} size="h5">
        Where postings go
      </Title>
      <Text size="sm" c="dimmed">
        A change applies to postings from now on; entries already in the books stay where they are.
      </Text>
      <SuccessBanner message={flash.message} />
      <RuleMappings book="scheme" view={mappings.data} accounts={charts.scheme} />
      <RuleMappings book="organisation" view={mappings.data} accounts={charts.organisation} />
      <PaymentMethods view={mappings.data} accounts={charts.organisation} onDone={flash.show} />
      <ItemAccounts view={mappings.data} accounts={charts.organisation} />
    </Stack>
  );
}

function RuleMappings({ book, view, accounts }: { book: Book; view: LedgerMappingsView; accounts: LedgerAccountView[] }) {
  const save = useSetLedgerMapping();
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        {BOOK_LABELS[book]}
      </Title>
      {view.mappings
        .filter((mapping) => mapping.book === book)
        .map((mapping) => (
          <MappingSelect
            key={mapping.key}
            label={mapping.label}
            value={mapping.accountId}
            options={mappableOptions(accounts, book, mappingKind(mapping.key), mapping.accountId)}
            onSave={(accountId) => save.mutateAsync({ key: mapping.key, accountId })}
          />
        ))}
    </Stack>
  );
}

function PaymentMethods({ view, accounts, onDone }: { view: LedgerMappingsView; accounts: LedgerAccountView[]; onDone: (message: string) => void }) {
  const save = useSetLedgerMapping();
  const removal = useDeleteLedgerMapping();
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        Payment methods
      </Title>
      {view.paymentMethods.map(({ method, accountId }) => (
        <MappingSelect
          key={method}
          label={method}
          value={accountId}
          options={mappableOptions(accounts, 'organisation', 'asset', accountId)}
          onSave={(chosen) => save.mutateAsync({ key: `payment:${method}`, accountId: chosen })}
        >
          <Button
            variant="subtle"
            color="red"
            aria-label={`Remove ${method}`}
            onClick={() => removal.mutate(`payment:${method}`, { onSuccess: () => onDone(`${method} now uses the default account`) })}
          >
            Remove
          </Button>
        </MappingSelect>
      ))}
      {removal.error && <ErrorBanner message={errorMessage(removal.error, MESSAGES.serverError)} />}
      <PaymentMethodForm options={mappableOptions(accounts, 'organisation', 'asset', null)} onAdded={onDone} />
    </Stack>
  );
}

function ItemAccounts({ view, accounts }: { view: LedgerMappingsView; accounts: LedgerAccountView[] }) {
  const save = useSetCategoryAccount();
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        Expense items
      </Title>
      <Text size="sm" c="dimmed">
        Each item's expenses post to an expense account of the Organisation book: its own, unless you choose another.
      </Text>
      {view.categories.map((item) => (
        <MappingSelect
          key={item.id}
          label={item.name}
          value={item.accountId}
          options={mappableOptions(accounts, 'organisation', 'expense', item.accountId)}
          onSave={(accountId) => save.mutateAsync({ categoryId: item.id, accountId })}
        />
      ))}
    </Stack>
  );
}
