import { Paper, Stack, Text, Title } from '@mantine/core';
import { owesYouLabel, youOweLabel } from '@kobo/core';
import { useMyGuarantorClaims } from '../../api/holder-get-guarantor-claims.ts';

/**
 * Issue 33: after a recovery from guarantors, the borrower sees "You owe <guarantor> ₦…" and each
 * guarantor "<borrower> owes you ₦…", until an officer records it repaid. Nothing when there is none.
 */
export function GuarantorClaimsCard() {
  const claims = useMyGuarantorClaims();
  if (!claims.data) return null;
  const { owedByMe, owedToMe } = claims.data;
  if (owedByMe.length + owedToMe.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Debts between borrowers and guarantors">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Recovered from guarantors
        </Title>
        {owedByMe.map((claim) => (
          <Text key={claim.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {youOweLabel(claim.guarantorName, claim.owedKobo)}{' '}
            <Text span size="xs" c="dimmed">
              ({claim.productName})
            </Text>
          </Text>
        ))}
        {owedToMe.map((claim) => (
          <Text key={claim.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {owesYouLabel(claim.borrowerName, claim.owedKobo)}{' '}
            <Text span size="xs" c="dimmed">
              ({claim.productName})
            </Text>
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
