import type { IconType } from 'react-icons';
import {
  FaCoffee,
  FaGraduationCap,
  FaHandHoldingHeart,
  FaHandHoldingWater,
  FaLightbulb,
  FaQuestion,
  FaShoppingBasket,
  FaTint,
  FaToolbox,
  FaUsers,
  FaUtensils,
  FaWater,
  FaWineGlass,
} from 'react-icons/fa';
import { Box } from '@mantine/core';
import { UNKNOWN_CATEGORY, isCategoryIcon, type CategoryIcon } from '@kobo/core';

/** SPEC 3's 13 category icons, imported one by one so the bundle carries only these. */
export const CATEGORY_ICON_COMPONENTS: Record<CategoryIcon, IconType> = {
  FaQuestion,
  FaUtensils,
  FaGraduationCap,
  FaShoppingBasket,
  FaLightbulb,
  FaTint,
  FaUsers,
  FaCoffee,
  FaWineGlass,
  FaWater,
  FaToolbox,
  FaHandHoldingWater,
  FaHandHoldingHeart,
};

/** What each icon shows, for the picker's accessible names and tooltips. */
export const CATEGORY_ICON_LABELS: Record<CategoryIcon, string> = {
  FaQuestion: 'Question mark',
  FaUtensils: 'Utensils',
  FaGraduationCap: 'Graduation cap',
  FaShoppingBasket: 'Shopping basket',
  FaLightbulb: 'Light bulb',
  FaTint: 'Drop',
  FaUsers: 'People',
  FaCoffee: 'Coffee',
  FaWineGlass: 'Wine glass',
  FaWater: 'Water',
  FaToolbox: 'Toolbox',
  FaHandHoldingWater: 'Hand holding water',
  FaHandHoldingHeart: 'Hand holding heart',
};

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function contrastingInk(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return '#fff';
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05); they meet at L ≈ 0.179.
  return luminance > 0.179 ? '#1a1b1e' : '#fff';
}

/**
 * A category's mark: its icon on a disc of its colour. Decorative: the category's name is always
 * written beside it. An unknown icon shows as the question mark, an unknown category as Other's grey.
 */
export function CategoryMark({ color, icon, size = 32 }: { color?: string | null; icon?: string | null; size?: number }) {
  const background = color ?? UNKNOWN_CATEGORY.color;
  const Icon = CATEGORY_ICON_COMPONENTS[icon && isCategoryIcon(icon) ? icon : 'FaQuestion'];
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{
        flexShrink: 0,
        borderRadius: '50%',
        background,
        color: contrastingInk(background),
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Icon size={Math.round(size * 0.5)} />
    </Box>
  );
}
