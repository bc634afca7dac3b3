/** SPEC 3 "Category": the 13 Font Awesome icons a category may show, FaQuestion first (the default). */
export const CATEGORY_ICONS = [
  'FaQuestion',
  'FaUtensils',
  'FaGraduationCap',
  'FaShoppingBasket',
  'FaLightbulb',
  'FaTint',
  'FaUsers',
  'FaCoffee',
  'FaWineGlass',
  'FaWater',
  'FaToolbox',
  'FaHandHoldingWater',
  'FaHandHoldingHeart',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

/** SPEC 9: a new category's colour and icon. */
export const DEFAULT_CATEGORY_COLOR = '#4ECDC4';
export const DEFAULT_CATEGORY_ICON: CategoryIcon = 'FaQuestion';
export const MAX_CATEGORY_NAME_LENGTH = 60;

/** SPEC 3 and 9: how an expense whose category is unknown is shown and exported. */
export const UNKNOWN_CATEGORY = { name: 'Other', color: '#95A5A6', icon: 'FaQuestion' } as const;

/** SPEC 3 "Expense": the payment method when none is given. */
export const DEFAULT_PAYMENT_METHOD = 'Cash';

export function isCategoryIcon(value: string): value is CategoryIcon {
  return (CATEGORY_ICONS as readonly string[]).includes(value);
}
