import { Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, type SavingsRequestView } from '@kobo/core';

export type RequestAction = 'approve' | 'decline' | 'cancel';

type Props = {
  request: SavingsRequestView;
  /** The signed-in administrator's id. */
  myId: string | undefined;
  onAction: (action: RequestAction, request: SavingsRequestView) => void;
};

/**
 * What the signed-in administrator may do with a pending request. Its maker cancels rather than
 * declines, and may not approve a two-person request (the point of a second pair of eyes): the
 * button stays, disabled, with the reason beside it. The server enforces both (403).
 */
export function RequestActions({ request, myId, onAction }: Props) {
  const isMaker = request.maker.id === myId;
  const mayApprove = !(isMaker && request.origin === 'two_person');
  const hintId = `approve-hint-${request.id}`;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap="xs" wrap="wrap">
        <Button size="xs" disabled={!mayApprove} aria-describedby={mayApprove ? undefined : hintId} onClick={() => onAction('approve', request)}>
          Approve
        </Button>
        {isMaker ? (
          <Button size="xs" variant="default" onClick={() => onAction('cancel', request)}>
            Cancel request
          </Button>
        ) : (
          <Button size="xs" variant="light" color="red" onClick={() => onAction('decline', request)}>
            Decline
          </Button>
        )}
      </Group>
      {!mayApprove && (
        <Text id={hintId} size="xs" c="dimmed" maw={260}>
          {MESSAGES.approveOwnRequestHint}
        </Text>
      )}
    </Stack>
  );
}
