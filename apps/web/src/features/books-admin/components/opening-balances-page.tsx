import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FaArrowLeft } from 'react-icons/fa';
import { can, MESSAGES, openingBalancesSchema, type Book, type OpeningBalancesInput, type PostedEntryView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useOpeningBalances, usePostOpeningBalances } from '../api/opening-balances.ts';
import { BookSwitch } from './book-switch.tsx';
import { EntryLinesTable } from './entry-lines-table.tsx';
import { blankLine, EntryLinesEditor, type LineDraft } from './entry-lines-editor.tsx';
import { byWholePath, entryFields } from './form-problems.ts';

const OWN_FIELDS = ['valueDate'] as const;

/**
 * /books/opening (issue 27): what each book held when Kobo took it over, posted once per book; the
 * lines need not balance, the difference goes to Opening balances. Once posted it is shown.
 */
export function OpeningBalancesPage() {
  const canManage = can(useSession().data?.role, 'manage_books');
  const [book, setBook] = useState<Book>('scheme');
  const opening = useOpeningBalances(book);
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle>Opening balances</PageTitle>
      <Anchor component={Link} to={paths.books.reports} size="sm">
        <FaArrowLeft aria-hidden /> Books
      </Anchor>
      <BookSwitch value={book} onChange={setBook} />
      {opening.isError && <ErrorBanner message={errorMessage(opening.error, MESSAGES.loadBooksFailed)} />}
      {opening.data?.entry && <OpeningEntry entry={opening.data.entry} />}
      {opening.data && !opening.data.entry && (canManage ? <OpeningForm key={book} book={book} /> : <Text c="dimmed">No opening balances yet.</Text>)}
    </Stack>
  );
}

function OpeningEntry({ entry }: { entry: PostedEntryView }) {
  return (
    <Stack gap="xs">
      <Text>Posted on {formatCalendarDate(entry.valueDate)}.</Text>
      <EntryLinesTable lines={entry.lines} />
    </Stack>
  );
}

function OpeningForm({ book }: { book: Book }) {
  const [valueDate, setValueDate] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine()]);
  const problems = useFormProblems(entryFields(OWN_FIELDS, lines.length));
  const post = usePostOpeningBalances();

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: OpeningBalancesInput = { book, valueDate, lines: lines.map(({ accountId, debit, credit }) => ({ accountId, debit, credit })) };
    const parsed = openingBalancesSchema.safeParse(body);
    if (!parsed.success) return void problems.fromSchema(byWholePath(parsed.error));
    problems.clear();
    post.mutate(body, { onError: (error) => problems.fromServer(error, MESSAGES.postEntryFailed) });
  }

  return (
    <form id={problems.formId} onSubmit={submit} noValidate>
      <Stack gap="md">
        <SuccessBanner message={post.isSuccess ? MESSAGES.openingPosted : null} />
        <Group>
          <TextInput type="date" label="Value date" value={valueDate} onChange={problems.typed('valueDate', setValueDate)} error={problems.errorOf('valueDate')} />
        </Group>
        <EntryLinesEditor book={book} lines={lines} onChange={setLines} errorOf={problems.errorOf} onEdited={problems.edited} minLines={1} differenceLabel="To Opening balances" />
        <ErrorBanner message={problems.banner} />
        <Group>
          <Button type="submit" loading={post.isPending}>
            Post opening balances
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
