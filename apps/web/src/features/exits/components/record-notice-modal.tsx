import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { exitNoticeInputSchema, type ExitReason, type SavingsHolderListItem } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useRecordNotice } from '../api/exit-steps.ts';
import { EXIT_FAILED } from './exit-labels.tsx';
import { ExitNoticeFields } from './exit-notice-fields.tsx';
import { MemberPicker } from './member-picker.tsx';

const FIELDS = ['userId', 'reason', 'leavingDate', 'note'] as const;

/** "Record notice": an officer gives notice for a member (the member, reason, leaving date, a note), then opens the exit. */
export function RecordNoticeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title="Record notice" fullScreen={isPhone} centered size="lg">
      <RecordNoticeForm onCancel={onClose} />
    </Modal>
  );
}

function RecordNoticeForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const today = useOrgToday().today;
  const record = useRecordNotice();
  const form = useFormProblems(FIELDS);
  const [member, setMember] = useState<SavingsHolderListItem | null>(null);
  const [reason, setReason] = useState<ExitReason | null>(null);
  // Today until the officer picks a day: the organisation's calendar may answer after the form opens.
  const [pickedDate, setLeavingDate] = useState<string | null>(null);
  const leavingDate = pickedDate ?? today ?? '';
  const [note, setNote] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (record.isPending) return;
    if (!member) return form.show('Choose the member who is leaving.', 'userId');
    const parsed = exitNoticeInputSchema.safeParse({ userId: member.userId, reason: reason ?? undefined, leavingDate, note: note.trim() || null });
    if (!parsed.success) return form.fromSchema(parsed.error);
    form.clear();
    record.mutate(parsed.data, {
      onSuccess: (detail) => void navigate(paths.exits.detail(detail.exit.id)),
      onError: (failure) => form.fromServer(failure, EXIT_FAILED.step),
    });
  }

  return (
    <form id={form.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={form.banner} />
        <MemberPicker label="Member" description="The savings holder who is leaving" value={member} onChange={setMember} error={form.errorOf('userId')} />
        <ExitNoticeFields reason={reason} onReason={setReason} leavingDate={leavingDate} onLeavingDate={setLeavingDate} today={today} errorOf={form.errorOf} />
        <Textarea label="Note" description="Optional: the letter's date, who told you." autosize minRows={2} maxLength={500} value={note} onChange={(event) => setNote(event.currentTarget.value)} error={form.errorOf('note')} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record notice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
