import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatNaira, type Kobo, type LoanView } from '@kobo/core';
import { LoanStatusBadge } from '../loan-status-badge.tsx';
import { ArrearsNote } from './arrears-note.tsx';
import classes from '../../../../components/figures.module.css';

export type MyGuarantee = { loan: LoanView; myShareKobo: Kobo };

/**
 * Loans the holder stands behind: their share is held of their savings until the loan is closed,
 * and a guarantor sees when the borrower falls behind (issue 12).
 */
export function GuaranteedLoans({ guaranteed }: { guaranteed: MyGuarantee[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Loans you guarantee">
      {guaranteed.map(({ loan, myShareKobo }) => (
        <Paper key={loan.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Stack gap={2} miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {loan.borrower.name} · {loan.productName}
              </Text>
              <Text size="sm" c="dimmed" className={classes.figure}>
                Your share {formatNaira(myShareKobo)} of {formatNaira(loan.principalKobo)}
              </Text>
            </Stack>
            <LoanStatusBadge status={loan.status} />
          </Group>
          {loan.ledger && <ArrearsNote arrears={loan.ledger.arrears} />}
        </Paper>
      ))}
    </Stack>
  );
}
