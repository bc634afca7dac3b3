import { Badge, Group, Stack, Text } from '@mantine/core';
import { GUARANTEE_STATUS_LABELS, formatNaira, type GuaranteeStatus, type LoanView, personLabel } from '@kobo/core';
import classes from '../../../../components/figures.module.css';
import { Section } from './section.tsx';

const ANSWER_COLOURS: Record<GuaranteeStatus, string> = { pending: 'yellow', accepted: 'teal', declined: 'red', released: 'gray' };

/** Each guarantor, the share of the principal they guarantee, and their answer. */
export function LoanGuarantorsSection({ loan }: { loan: LoanView }) {
  return (
    <Section title="Guarantors">
      {loan.guarantors.length === 0 ? (
        <Text size="sm">No guarantors needed</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Guarantors">
          {loan.guarantors.map((guarantor) => (
            <Group key={`${guarantor.userId ?? guarantor.name}`} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {personLabel(guarantor)}
                </Text>
                <Text size="xs" c="dimmed" className={classes.figure}>
                  Guarantees {formatNaira(guarantor.amountKobo)}
                </Text>
              </Stack>
              <Badge variant="light" color={ANSWER_COLOURS[guarantor.status]} style={{ flexShrink: 0 }}>
                {GUARANTEE_STATUS_LABELS[guarantor.status]}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
