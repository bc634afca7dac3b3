import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { FaArrowLeft } from 'react-icons/fa';
import { BOOK_LABELS, can, lockMonthSchema, MESSAGES, monthLabel, type Book, type PeriodLockView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useLockMonth, useLocks, useUnlockMonth } from '../api/book-locks.ts';
import { BookSwitch } from './book-switch.tsx';

const LOCK_FIELDS = ['month'] as const;

/**
 * /books/locks (issue 27): the months closed for posting in each book. An admin locks a past or
 * the current month and unlocks one; every posting valued in a locked month is refused.
 */
export function BookLocksPage() {
  const canManage = can(useSession().data?.role, 'manage_books');
  const [book, setBook] = useState<Book>('scheme');
  const locks = useLocks();
  const shown = (locks.data?.locks ?? []).filter((lock) => lock.book === book);
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>Locked months</PageTitle>
      <Anchor component={Link} to={paths.books.reports} size="sm">
        <FaArrowLeft aria-hidden /> Books
      </Anchor>
      <BookSwitch value={book} onChange={setBook} />
      {canManage && <LockMonthForm book={book} />}
      <Stack gap="xs" component="section" aria-labelledby="locked-months-title">
        <Title order={2} size="h3" id="locked-months-title">
          {BOOK_LABELS[book]}: locked months
        </Title>
        {locks.isError && <ErrorBanner message={errorMessage(locks.error, MESSAGES.loadLocksFailed)} />}
        {locks.isSuccess && shown.length === 0 && <Text c="dimmed">No month is locked.</Text>}
        {shown.length > 0 && <LocksTable locks={shown} canManage={canManage} />}
      </Stack>
    </Stack>
  );
}

function LockMonthForm({ book }: { book: Book }) {
  const [month, setMonth] = useState('');
  const problems = useFormProblems(LOCK_FIELDS);
  const [done, setDone] = useState<string | null>(null);
  const lock = useLockMonth();

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const parsed = lockMonthSchema.safeParse({ book, month });
    if (!parsed.success) return void problems.fromSchema(parsed.error);
    problems.clear();
    lock.mutate(parsed.data, {
      onSuccess: () => setDone(`${MESSAGES.monthLocked}: ${monthLabel(parsed.data.month)}`),
      onError: (error) => problems.fromServer(error, MESSAGES.invalidRequest),
    });
  }

  return (
    <form id={problems.formId} onSubmit={submit} noValidate>
      <Stack gap="xs">
        <SuccessBanner message={done} />
        <Group align="flex-end" wrap="wrap">
          <TextInput type="month" label="Month to lock" placeholder="2026-10" value={month} onChange={problems.typed('month', setMonth)} error={problems.errorOf('month')} />
          <Button type="submit" loading={lock.isPending}>
            Lock month
          </Button>
        </Group>
        <ErrorBanner message={problems.banner} />
      </Stack>
    </form>
  );
}

function LocksTable({ locks, canManage }: { locks: PeriodLockView[]; canManage: boolean }) {
  const unlock = useUnlockMonth();
  return (
    <>
      {unlock.isError && <ErrorBanner message={errorMessage(unlock.error, MESSAGES.invalidRequest)} />}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th>Locked by</Table.Th>
            {canManage && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locks.map((lock) => (
            <Table.Tr key={`${lock.book}:${lock.month}`}>
              <Table.Td>{monthLabel(lock.month)}</Table.Td>
              <Table.Td>{lock.lockedBy ?? '—'}</Table.Td>
              {canManage && (
                <Table.Td ta="right">
                  <Button size="xs" variant="light" aria-label={`Unlock ${monthLabel(lock.month)}`} onClick={() => unlock.mutate({ book: lock.book, month: lock.month })}>
                    Unlock
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
