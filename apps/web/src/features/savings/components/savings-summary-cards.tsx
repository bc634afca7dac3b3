import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNaira, type SavingsPeriodSummary } from '@kobo/core';
import classes from '../../../components/figures.module.css';

/** SPEC 2: Balance (now), and Inflow, Outflow and Net for the chosen period. */
export function SavingsSummaryCards({ summary, periodLabel }: { summary: SavingsPeriodSummary; periodLabel: string }) {
  const cards = [
    { label: 'Balance', value: summary.balanceKobo, note: 'Current', className: undefined },
    { label: 'Inflow', value: summary.inflowKobo, note: periodLabel, className: classes.inflow },
    { label: 'Outflow', value: summary.outflowKobo, note: periodLabel, className: classes.outflow },
    { label: 'Net', value: summary.netKobo, note: periodLabel, className: summary.netKobo < 0 ? classes.outflow : undefined },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {cards.map((card) => (
        <Paper key={card.label} withBorder radius="md" p="sm" role="group" aria-label={card.label}>
          <Text size="sm" c="dimmed" fw={500}>
            {card.label}
          </Text>
          <Text fz={{ base: 'md', xs: 'lg' }} fw={700} className={`${classes.figure} ${card.className ?? ''}`}>
            {formatNaira(card.value)}
          </Text>
          <Text size="xs" c="dimmed">
            {card.note}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
