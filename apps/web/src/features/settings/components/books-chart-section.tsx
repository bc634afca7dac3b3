import { useState } from 'react';
import { Divider, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SegmentedControl.css';
import { ACCOUNT_KINDS, ACCOUNT_KIND_LABELS, BOOK_LABELS, BOOKS, MESSAGES, type Book } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { AccountRow } from '../books/account-row.tsx';
import { AddAccountForm } from '../books/add-account-form.tsx';
import { useLedgerAccounts } from '../books/ledger-accounts-api.ts';
import { BooksMappings } from './books-mappings-section.tsx';
import { SettingsSection } from './settings-section.tsx';

const BOOK_OPTIONS = BOOKS.map((book) => ({ value: book, label: BOOK_LABELS[book] }));

/**
 * Settings › Books (issue 27, docs/decisions/042-one-ledger.md): each book's chart of accounts by
 * kind, an account added, renamed, recoded, retired or deleted, and below it which account each
 * kind of posting uses.
 */
export function BooksChartSection() {
  const [book, setBook] = useState<Book>('scheme');
  const flash = useFlashMessage();
  return (
    <SettingsSection title="Books">
      <Text size="sm" c="dimmed">
        Each book has its own chart of accounts. An account with postings is retired, never deleted; the books' own accounts can be renamed and recoded.
      </Text>
      <SegmentedControl aria-label="Book" data={BOOK_OPTIONS} value={book} onChange={(value) => setBook(value === 'organisation' ? 'organisation' : 'scheme')} />
      <SuccessBanner message={flash.message} />
      <Chart book={book} onDone={flash.show} />
      <AddAccountForm book={book} onAdded={flash.show} />
      <Divider />
      <BooksMappings />
    </SettingsSection>
  );
}

function Chart({ book, onDone }: { book: Book; onDone: (message: string) => void }) {
  const chart = useLedgerAccounts(book);
  if (chart.isPending) return <PageLoading />;
  if (chart.isError) return <ErrorBanner message={errorMessage(chart.error, MESSAGES.loadBooksChartFailed)} />;
  return (
    <Stack gap="sm" aria-label={`${BOOK_LABELS[book]} chart of accounts`} role="region">
      {ACCOUNT_KINDS.map((kind) => {
        const accounts = chart.data.accounts.filter((account) => account.kind === kind);
        if (accounts.length === 0) return null;
        return (
          <Stack key={kind} gap={0}>
            <Title order={3} size="h5">
              {ACCOUNT_KIND_LABELS[kind]}
            </Title>
            <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={ACCOUNT_KIND_LABELS[kind]}>
              {accounts.map((account) => (
                <AccountRow key={account.id} account={account} onDone={onDone} />
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
