import { useId, type ReactNode } from 'react';
import { Box, Button, Collapse } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FaChevronDown, FaChevronUp } from 'react-icons/fa';

/**
 * A button that shows or hides part of a loan card (its schedule, its history), so the card stays
 * short until asked. What it hides is rendered only while shown.
 */
export function CardDisclosure({ label, children }: { label: string; children: () => ReactNode }) {
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
        {isOpen && children()}
      </Collapse>
    </Box>
  );
}
