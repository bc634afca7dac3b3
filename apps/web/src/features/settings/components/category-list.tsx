import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { FaTrashAlt } from 'react-icons/fa';
import { MESSAGES, type CategoryView } from '@kobo/core';
import { CategoryMark } from '../../../components/category-icon.tsx';
import classes from './settings.module.css';

type Props = { categories: CategoryView[]; onDelete: (category: CategoryView) => void };

/** SPEC "Settings": each item with its colour and icon, and a delete button. */
export function CategoryList({ categories, onDelete }: Props) {
  if (categories.length === 0) return <Text c="dimmed">{MESSAGES.noItemsFound}</Text>;
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items">
      {categories.map((category) => (
        <Paper component="li" key={category.id} withBorder radius="sm" px="sm" py={6}>
          <Group wrap="nowrap" gap="sm">
            <CategoryMark color={category.color} icon={category.icon} size={28} />
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {category.name}
              </Text>
              <Group gap={6} wrap="nowrap">
                <span className={classes.swatch} style={{ background: category.color }} aria-hidden />
                <Text size="xs" c="dimmed">
                  {category.color}
                </Text>
                {category.hasExpenses && (
                  <Badge size="xs" variant="light" color="gray">
                    In use
                  </Badge>
                )}
              </Group>
            </Stack>
            <Tooltip label={`Delete ${category.name}`} openDelay={400}>
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${category.name}`} onClick={() => onDelete(category)}>
                <FaTrashAlt aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
