import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { FaArrowLeft } from 'react-icons/fa';
import { manualEntrySchema, MESSAGES, type Book, type ManualEntryInput } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { paths } from '../../../lib/paths.ts';
import { usePostManualEntry } from '../api/post-manual-entry.ts';
import { BookSwitch } from './book-switch.tsx';
import { blankLine, EntryLinesEditor, type LineDraft } from './entry-lines-editor.tsx';
import { EntryRequestsPanel } from './entry-requests-panel.tsx';
import { byWholePath, entryFields } from './form-problems.ts';

const OWN_FIELDS = ['valueDate', 'narration'] as const;

/**
 * /books/entries/new (issue 27): an admin's journal entry by hand (bank charges, a correction):
 * a book, a day, a narration and balanced lines. With two-person approval on it waits for a
 * second admin, listed below with Approve and Decline.
 */
export function ManualEntryPage() {
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle>New journal entry</PageTitle>
      <Anchor component={Link} to={paths.books.reports} size="sm">
        <FaArrowLeft aria-hidden /> Books
      </Anchor>
      <ManualEntryForm />
      <EntryRequestsPanel />
    </Stack>
  );
}

function ManualEntryForm() {
  const { today } = useOrgToday();
  const [book, setBook] = useState<Book>('scheme');
  const [valueDate, setValueDate] = useState<string | null>(null);
  const [narration, setNarration] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine(), blankLine()]);
  const problems = useFormProblems(entryFields(OWN_FIELDS, lines.length));
  const [done, setDone] = useState<string | null>(null);
  const post = usePostManualEntry();
  const idempotency = useIdempotencyKey();
  const day = valueDate ?? today ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const body: ManualEntryInput = {
      book,
      valueDate: day,
      narration,
      lines: lines.map(({ accountId, debit, credit }) => ({ accountId, debit, credit })),
    };
    const parsed = manualEntrySchema.safeParse(body);
    if (!parsed.success) return void problems.fromSchema(byWholePath(parsed.error));
    problems.clear();
    post.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (result) => {
          idempotency.reset();
          setDone('request' in result ? MESSAGES.manualEntryAwaitingApproval : MESSAGES.manualEntryPosted);
          setNarration('');
          setLines([blankLine(), blankLine()]);
        },
        onError: (error) => problems.fromServer(error, MESSAGES.postEntryFailed),
      },
    );
  }

  return (
    <form id={problems.formId} onSubmit={submit} noValidate>
      <Stack gap="md">
        <SuccessBanner message={done} />
        <BookSwitch
          value={book}
          onChange={(next) => {
            setBook(next);
            // Accounts belong to one book: lines move with it empty, their flags gone.
            setLines(lines.map((line) => ({ ...line, accountId: '' })));
            problems.clear();
          }}
        />
        <Group align="flex-start" wrap="wrap">
          <TextInput type="date" label="Value date" value={day} max={today ?? undefined} onChange={problems.typed('valueDate', setValueDate)} error={problems.errorOf('valueDate')} />
        </Group>
        <Textarea label="Narration" value={narration} onChange={problems.typed('narration', setNarration)} error={problems.errorOf('narration')} autosize minRows={2} maxLength={600} />
        <EntryLinesEditor book={book} lines={lines} onChange={setLines} errorOf={problems.errorOf} onEdited={problems.edited} minLines={2} differenceLabel="Difference" />
        <ErrorBanner message={problems.banner} />
        <Group>
          <Button type="submit" loading={post.isPending}>
            Post entry
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
