import { Text } from '@mantine/core';
import { formatNaira, type Arrears } from '@kobo/core';
import classes from '../../../../components/figures.module.css';

/** '₦11,200.00 overdue · 12 days in arrears', in red; nothing when the loan is up to date. */
export function ArrearsNote({ arrears }: { arrears: Arrears }) {
  if (arrears.amountOverdue <= 0) return null;
  const days = `${arrears.daysInArrears} day${arrears.daysInArrears === 1 ? '' : 's'}`;
  return (
    <Text fw={600} size="sm" className={classes.overdue}>
      {formatNaira(arrears.amountOverdue)} overdue · {days} in arrears
    </Text>
  );
}
