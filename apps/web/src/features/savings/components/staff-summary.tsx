import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { formatNaira, type SavingsAccountView } from '@kobo/core';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { FactList } from '../../../components/fact-list.tsx';

/**
 * SPEC 2 "a staff summary": who the account belongs to, and room for the page's actions. When loans
 * (issue 12) or requests awaiting approval (issue 15) hold part of the balance, what each holds and
 * what is still free to withdraw.
 */
export function StaffSummary({ account, actions }: { account: SavingsAccountView; actions?: ReactNode }) {
  const facts = [
    { label: 'Staff ID', value: account.staffId ?? '—' },
    { label: 'Email', value: account.email ?? '—' },
    { label: 'Last updated', value: formatDateTime(account.lastUpdated) },
    ...(account.heldKobo > account.pendingKobo ? [{ label: 'Held against loans', value: formatNaira(account.heldKobo - account.pendingKobo) }] : []),
    // Issue 15: withdrawals and transfers recorded but not yet approved hold their amount too.
    ...(account.pendingKobo > 0 ? [{ label: 'Awaiting approval', value: formatNaira(account.pendingKobo) }] : []),
    ...(account.heldKobo > 0 ? [{ label: 'Available', value: formatNaira(account.availableKobo) }] : []),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Staff summary">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {account.holderName}
          </Title>
          {account.role && (
            <Badge variant="light" color={account.role === 'staff' ? 'blue' : 'gray'}>
              {account.role}
            </Badge>
          )}
        </Stack>
        {actions}
      </Group>
      <FactList facts={facts} cols={{ base: 1, xs: 3 }} mt="sm" mb={0} />
    </Paper>
  );
}
