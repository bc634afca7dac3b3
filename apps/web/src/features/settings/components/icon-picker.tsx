import { Group, Radio, Tooltip } from '@mantine/core';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import { CATEGORY_ICONS, isCategoryIcon, type CategoryIcon } from '@kobo/core';
import { CATEGORY_ICON_COMPONENTS, CATEGORY_ICON_LABELS } from '../../../components/category-icon.tsx';
import classes from './settings.module.css';

/**
 * SPEC 3's 13 icons as one radio group: Tab reaches the chosen icon, the arrow keys move the choice
 * (one tab stop, as native radios have), and each icon has a name for screen readers.
 */
export function IconPicker({ value, onChange }: { value: CategoryIcon; onChange: (icon: CategoryIcon) => void }) {
  return (
    <Radio.Group label="Icon" name="category-icon" value={value} onChange={(next) => isCategoryIcon(next) && onChange(next)}>
      <Group gap={6} mt={6}>
        {CATEGORY_ICONS.map((icon) => {
          const Icon = CATEGORY_ICON_COMPONENTS[icon];
          return (
            <Tooltip key={icon} label={CATEGORY_ICON_LABELS[icon]} openDelay={400}>
              <Radio.Card
                value={icon}
                className={classes.iconCard}
                aria-label={CATEGORY_ICON_LABELS[icon]}
                tabIndex={icon === value ? 0 : -1}
              >
                <Icon aria-hidden size={18} />
              </Radio.Card>
            </Tooltip>
          );
        })}
      </Group>
    </Radio.Group>
  );
}
