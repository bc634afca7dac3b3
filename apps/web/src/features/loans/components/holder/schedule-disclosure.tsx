import { useId } from 'react';
import { Box, Button, Collapse } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FaChevronDown, FaChevronUp } from 'react-icons/fa';
import type { InstalmentPosition, IsoDate, LoanSchedule } from '@kobo/core';
import { ScheduleTable } from '../schedule-table.tsx';

type Props = {
  schedule: LoanSchedule;
  positions?: InstalmentPosition[];
  asOf?: IsoDate;
  label?: string;
  caption?: string;
};

/** A "Schedule" button that shows or hides the repayment table, so a card stays short until asked. */
export function ScheduleDisclosure({ schedule, positions, asOf, label = 'Schedule', caption }: Props) {
  const [isOpen, toggle] = useDisclosure(false);
  const panelId = useId();
  return (
    <Box miw={0}>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        onClick={toggle.toggle}
        aria-expanded={isOpen}
        aria-controls={panelId}
        rightSection={isOpen ? <FaChevronUp aria-hidden /> : <FaChevronDown aria-hidden />}
      >
        {label}
      </Button>
      <Collapse expanded={isOpen} id={panelId}>
        {isOpen && <ScheduleTable schedule={schedule} positions={positions} asOf={asOf} caption={caption} />}
      </Collapse>
    </Box>
  );
}
