import { Table } from '@mantine/core';
import { formatNaira, type YearEndPartTotal } from '@kobo/core';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { FactList } from '../../../components/fact-list.tsx';
import { membersText } from './year-end-labels.ts';
import classes from './year-end.module.css';

/**
 * Each part (the dividend, each product's interest) reconciled: net + tax + rounding = appropriated.
 * A rounding above ₦0 is kept by the rounding account, below ₦0 paid by it.
 */
export function PartTotals({ parts }: { parts: YearEndPartTotal[] }) {
  const isWide = useIsWideScreen();
  if (parts.length === 0) return null;
  if (!isWide) {
    return parts.map((part) => (
      <FactList
        key={part.part}
        cols={2}
        aria-label={part.label}
        facts={[
          { label: part.label, value: membersText(part.memberCount) },
          { label: 'Appropriated', value: formatNaira(part.appropriatedKobo) },
          { label: 'Net + tax', value: `${formatNaira(part.netKobo)} + ${formatNaira(part.taxKobo)}` },
          { label: 'Rounding', value: formatNaira(part.roundingKobo) },
        ]}
      />
    ));
  }
  return (
    <Table aria-label="Each part reconciled" className={classes.table} maw={900}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Part</Table.Th>
          <Table.Th className={classes.money}>Members</Table.Th>
          <Table.Th className={classes.money}>Appropriated</Table.Th>
          <Table.Th className={classes.money}>Gross</Table.Th>
          <Table.Th className={classes.money}>Tax</Table.Th>
          <Table.Th className={classes.money}>Net</Table.Th>
          <Table.Th className={classes.money}>Rounding</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {parts.map((part) => (
          <Table.Tr key={part.part}>
            <Table.Td>{part.label}</Table.Td>
            <Table.Td className={classes.money}>{part.memberCount}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(part.appropriatedKobo)}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(part.grossKobo)}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(part.taxKobo)}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(part.netKobo)}</Table.Td>
            <Table.Td className={classes.money}>{formatNaira(part.roundingKobo)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
