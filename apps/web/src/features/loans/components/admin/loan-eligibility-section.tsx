import { Link } from 'react-router';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { formatMultiple, formatNaira, type LoanEligibility, type LoanView } from '@kobo/core';
import { FactList } from '../../../../components/fact-list.tsx';
import { paths } from '../../../../lib/paths.ts';
import { LoanStatusBadge } from '../loan-status-badge.tsx';
import classes from '../../../../components/figures.module.css';
import { Section } from './section.tsx';

/** What the officer weighs: the borrower's savings today, what loans already hold of them, and their other loans. */
export function LoanEligibilitySection({ loan, eligibility }: { loan: LoanView; eligibility: LoanEligibility }) {
  const isAboveSavings = loan.principalKobo > eligibility.maxBySavingsKobo;
  const facts = [
    { label: 'Savings balance', value: formatNaira(eligibility.balanceKobo) },
    { label: 'Held against loans', value: formatNaira(eligibility.heldKobo) },
    { label: 'Multiple', value: formatMultiple(eligibility.savingsMultiple) },
    {
      label: 'Balance × multiple',
      value: <span className={isAboveSavings ? classes.overdue : undefined}>{formatNaira(eligibility.maxBySavingsKobo)}</span>,
    },
  ];
  return (
    <Section title="Eligibility">
      <FactList facts={facts} cols={2} />
      {isAboveSavings && (
        <Text size="sm" mt="xs" className={classes.overdue}>
          The amount is more than the savings support today.
        </Text>
      )}
      <Text size="sm" c="dimmed" mt="md" mb={4}>
        Other loans
      </Text>
      {eligibility.otherLoans.length === 0 ? (
        <Text size="sm">None</Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Other loans">
          {eligibility.otherLoans.map((other) => (
            <Group key={other.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={paths.loans.detail(other.id)} size="sm" fw={600}>
                  {other.productName}: {formatNaira(other.principalKobo)}
                </Anchor>
                {other.outstandingPrincipalKobo !== null && (
                  <Text size="xs" c="dimmed">
                    {formatNaira(other.outstandingPrincipalKobo)} principal outstanding
                  </Text>
                )}
              </Stack>
              <LoanStatusBadge status={other.status} />
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
