import { useState } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { MESSAGES, approveQuestion, type SavingsRequestView } from '@kobo/core';
import { CancelRequestDialog } from '../../../components/cancel-request-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { requestDecisionError } from '../../../lib/savings-requests.ts';
import { useApproveRequest, useDeclineRequest } from '../api/decide-request.ts';
import { useRequests, type RequestTab } from '../api/get-requests.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import type { RequestAction } from './request-actions.tsx';
import { RequestList } from './request-list.tsx';

type Props = {
  status: RequestTab;
  /** A decision made: its success sentence, core's. */
  onDone: (message: string) => void;
  /** A decision opened: the last success sentence no longer applies. */
  onStart: () => void;
};

/** One tab of /approvals: its requests, newest first, older ones a page at a time. */
export function RequestsPanel({ status, onDone, onStart }: Props) {
  const requests = useRequests(status);
  const myId = useSession().data?.id;
  const [open, setOpen] = useState<{ action: RequestAction; request: SavingsRequestView } | null>(null);
  const approve = useApproveRequest();
  const decline = useDeclineRequest();

  function start(action: RequestAction, request: SavingsRequestView) {
    onStart();
    approve.reset();
    decline.reset();
    setOpen({ action, request });
  }

  function finish(message: string) {
    setOpen(null);
    onDone(message);
  }

  const close = () => setOpen(null);
  const chosen = open?.request ?? null;
  const list = requests.data?.pages.flatMap((page) => page.requests) ?? [];

  if (requests.isPending) return <PageLoading />;
  if (requests.isError) return <ErrorBanner message={errorMessage(requests.error, MESSAGES.loadSavingsRequestsFailed)} />;
  return (
    <Stack gap="sm">
      {list.length === 0 ? (
        <Text c="dimmed">{status === 'pending' ? MESSAGES.noPendingRequests : MESSAGES.noDecidedRequests}</Text>
      ) : (
        <RequestList requests={list} isPending={status === 'pending'} myId={myId} onAction={start} />
      )}
      {requests.hasNextPage && (
        <Center>
          <Button variant="default" onClick={() => void requests.fetchNextPage()} loading={requests.isFetchingNextPage}>
            Load older requests
          </Button>
        </Center>
      )}
      <ApproveDialog
        isOpen={open?.action === 'approve'}
        question={chosen ? approveQuestion(chosen) : ''}
        isPending={approve.isPending}
        error={approve.isError ? requestDecisionError(approve.error) : null}
        onConfirm={() => chosen && approve.mutate(chosen.id, { onSuccess: () => finish(MESSAGES.savingsRequestApproved) })}
        onCancel={close}
      />
      <ReasonModal
        opened={open?.action === 'decline'}
        title="Decline request"
        confirmLabel="Decline"
        isDestructive
        requiredMessage={MESSAGES.declineReasonRequired}
        isPending={decline.isPending}
        refusal={
          decline.isError
            ? { message: requestDecisionError(decline.error), isAboutReason: decline.error instanceof ApiError && decline.error.field === 'reason' }
            : null
        }
        onSubmit={(reason) => chosen && decline.mutate({ id: chosen.id, reason }, { onSuccess: () => finish(MESSAGES.savingsRequestDeclined) })}
        onClose={close}
      >
        <Text size="sm">Nothing is posted. {chosen?.origin === 'member' ? 'The member sees the reason.' : 'The administrator who made it sees the reason.'}</Text>
      </ReasonModal>
      <CancelRequestDialog
        request={open?.action === 'cancel' ? chosen : null}
        onClose={close}
        onCancelled={() => finish(MESSAGES.savingsRequestCancelled)}
      />
    </Stack>
  );
}
