import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Table.css';
import { MESSAGES, formatNaira, type ExitDetail, type ExitGuarantee, type SavingsHolderListItem } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIsPhone, useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { useReleaseGuarantee, useReplaceGuarantee } from '../api/exit-steps.ts';
import { EXIT_FAILED, GUARANTEE_STATE_COLOURS, GUARANTEE_STATE_LABELS } from './exit-labels.tsx';
import { MemberPicker } from './member-picker.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { reasonRefusal } from './step-parts.tsx';
import classes from './exits.module.css';

type Props = { detail: ExitDetail; canManage: boolean };

/**
 * Guarantees first (issue 32, step 2): each loan the leaver guarantees, its borrower, amount and
 * state. An officer releases one (the borrower's own savings judged enough, with a reason) or asks
 * another member to guarantee in the leaver's place; both only before settlement.
 */
export function GuaranteesPanel({ detail, canManage }: Props) {
  const isWide = useIsWideScreen();
  const [releasing, setReleasing] = useState<ExitGuarantee | null>(null);
  const [replacing, setReplacing] = useState<ExitGuarantee | null>(null);
  const release = useReleaseGuarantee();
  const { exit, guarantees } = detail;
  const canAct = canManage && (exit.status === 'notice' || exit.status === 'approved');
  const openCount = guarantees.filter((guarantee) => guarantee.state === 'open' || guarantee.state === 'replacement_asked').length;

  const actions = (guarantee: ExitGuarantee) =>
    canAct && (guarantee.state === 'open' || guarantee.state === 'replacement_asked') ? (
      <Group gap="xs">
        <Button size="compact-sm" variant="light" onClick={() => setReleasing(guarantee)} aria-label={`Release the guarantee of ${guarantee.borrowerName}'s loan`}>
          Release
        </Button>
        {guarantee.state === 'open' && (
          <Button size="compact-sm" variant="default" onClick={() => setReplacing(guarantee)} aria-label={`Ask another member to guarantee ${guarantee.borrowerName}'s loan`}>
            Ask another member
          </Button>
        )}
      </Group>
    ) : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="exit-guarantees">
      <Stack gap="sm">
        <Title order={2} size="h4" id="exit-guarantees">
          Guarantees
        </Title>
        {guarantees.length === 0 ? (
          <Text>{exit.holderName} guarantees no loan.</Text>
        ) : (
          <Text size="sm">
            {openCount > 0
              ? `${openCount} guarantee${openCount === 1 ? '' : 's'} still to release before the settlement.`
              : exit.status === 'notice' || exit.status === 'approved'
                ? 'Every guarantee is released: the settlement can go ahead.'
                : 'Every guarantee was released.'}
          </Text>
        )}
        {guarantees.length > 0 &&
          (isWide ? (
            <Table aria-label="Guarantees" className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Borrower</Table.Th>
                  <Table.Th>Loan</Table.Th>
                  <Table.Th className={classes.money}>Guaranteed</Table.Th>
                  <Table.Th>State</Table.Th>
                  {canAct && <Table.Th>Action</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {guarantees.map((guarantee) => (
                  <Table.Tr key={guarantee.loanId}>
                    <Table.Td>{guarantee.borrowerName}</Table.Td>
                    <Table.Td>{guarantee.productName}</Table.Td>
                    <Table.Td className={classes.money}>{formatNaira(guarantee.guaranteedKobo)}</Table.Td>
                    <Table.Td>
                      <GuaranteeState guarantee={guarantee} />
                    </Table.Td>
                    {canAct && <Table.Td>{actions(guarantee)}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <ul className={classes.list} aria-label="Guarantees">
              {guarantees.map((guarantee) => (
                <li key={guarantee.loanId} className={classes.card}>
                  <Text fw={600}>{guarantee.borrowerName}</Text>
                  <Text size="sm">
                    {guarantee.productName} · {formatNaira(guarantee.guaranteedKobo)}
                  </Text>
                  <GuaranteeState guarantee={guarantee} />
                  <div style={{ marginTop: 6 }}>{actions(guarantee)}</div>
                </li>
              ))}
            </ul>
          ))}
      </Stack>
      <ReasonDialog
        opened={releasing !== null}
        title="Release the guarantee"
        confirmLabel="Release"
        requiredMessage={MESSAGES.exitReleaseReasonRequired}
        isPending={release.isPending}
        refusal={release.error ? reasonRefusal(release.error) : null}
        onSubmit={(reason) => releasing && release.mutate({ id: exit.id, loanId: releasing.loanId, reason }, { onSuccess: () => setReleasing(null) })}
        onClose={() => {
          setReleasing(null);
          release.reset();
        }}
      >
        <Text size="sm">{releasing ? `${releasing.borrowerName}'s own savings are judged enough to carry the ${formatNaira(releasing.guaranteedKobo)} ${exit.holderName} guaranteed. Say why.` : ''}</Text>
      </ReasonDialog>
      {replacing && <ReplaceModal exitId={exit.id} leaverId={exit.userId} guarantee={replacing} onClose={() => setReplacing(null)} />}
    </Paper>
  );
}

function GuaranteeState({ guarantee }: { guarantee: ExitGuarantee }) {
  const detail = guarantee.state === 'replacement_asked' || guarantee.state === 'replaced' ? guarantee.replacementName : guarantee.state === 'own_savings' ? guarantee.releasedReason : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={GUARANTEE_STATE_COLOURS[guarantee.state]} radius="sm" tt="none">
        {GUARANTEE_STATE_LABELS[guarantee.state]}
      </Badge>
      {detail && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}

type ReplaceProps = { exitId: string; leaverId: string; guarantee: ExitGuarantee; onClose: () => void };

const REPLACE_FIELDS = ['userId'] as const;

/** "Ask another member": the member chosen is asked by mail to accept the leaver's share on their loans page. */
function ReplaceModal({ exitId, leaverId, guarantee, onClose }: ReplaceProps) {
  const isPhone = useIsPhone();
  const replace = useReplaceGuarantee();
  const [member, setMember] = useState<SavingsHolderListItem | null>(null);
  const problems = useFormProblems(REPLACE_FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (replace.isPending) return;
    if (problems.check({ userId: member ? null : MESSAGES.exitReplacementInvalid }) || !member) return;
    replace.mutate(
      { id: exitId, loanId: guarantee.loanId, userId: member.userId },
      {
        onSuccess: onClose,
        // A refusal that names no field is about the member chosen (e.g. they cannot guarantee): beside the picker.
        onError: (failure) =>
          problems.show(errorMessage(failure, EXIT_FAILED.step), failure instanceof ApiError && failure.field !== undefined && failure.field !== 'userId' ? null : 'userId'),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Ask another member" fullScreen={isPhone} centered>
      <form id={problems.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            They are asked by mail to guarantee {formatNaira(guarantee.guaranteedKobo)} of {guarantee.borrowerName}&apos;s {guarantee.productName}; {guarantee.borrowerName} is told. Once they accept, this guarantee is released.
          </Text>
          <MemberPicker
            label="New guarantor"
            description="A member who holds savings and is not leaving"
            value={member}
            onChange={(chosen) => {
              setMember(chosen);
              problems.edited('userId');
            }}
            error={problems.errorOf('userId')}
            leaveOut={[leaverId]}
          />
          <ErrorBanner message={problems.banner} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={replace.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={replace.isPending}>
              Ask them
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
