import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { FaArrowLeft } from 'react-icons/fa';
import { manualEntrySchema, MESSAGES, type Book, type ManualEntryInput } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { paths } from '../../../lib/paths.ts';
import { usePostManualEntry } from '../api/post-manual-entry.ts';
import { BookSwitch } from './book-switch.tsx';
import { blankLine, EntryLinesEditor, type LineDraft } from './entry-lines-editor.tsx';
import { EntryRequestsPanel } from './entry-requests-panel.tsx';
import { problemsOf, serverProblem, type FormProblems } from './form-problems.ts';

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
  const [problems, setProblems] = useState<FormProblems>({});
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
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error));
      return;
    }
    setProblems({});
    post.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (result) => {
          idempotency.reset();
          setDone('request' in result ? MESSAGES.manualEntryAwaitingApproval : MESSAGES.manualEntryPosted);
          setNarration('');
          setLines([blankLine(), blankLine()]);
        },
        onError: (error) => setProblems(serverProblem(error) ?? {}),
      },
    );
  }

  const refusal = post.isError && !serverProblem(post.error) ? errorMessage(post.error, MESSAGES.postEntryFailed) : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SuccessBanner message={done} />
        <BookSwitch
          value={book}
          onChange={(next) => {
            setBook(next);
            // Accounts belong to one book: lines move with it empty.
            setLines(lines.map((line) => ({ ...line, accountId: '' })));
          }}
        />
        <Group align="flex-start" wrap="wrap">
          <TextInput type="date" label="Value date" value={day} max={today ?? undefined} onChange={(event) => setValueDate(event.currentTarget.value)} error={problems.valueDate} />
        </Group>
        <Textarea label="Narration" value={narration} onChange={(event) => setNarration(event.currentTarget.value)} error={problems.narration} autosize minRows={2} maxLength={600} />
        <EntryLinesEditor book={book} lines={lines} onChange={setLines} problems={problems} minLines={2} differenceLabel="Difference" />
        <ErrorBanner message={refusal} />
        <Group>
          <Button type="submit" loading={post.isPending}>
            Post entry
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
