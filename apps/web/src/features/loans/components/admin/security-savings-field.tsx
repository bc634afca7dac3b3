import { Checkbox, Stack } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import { ORDINARY_SAVINGS_PRODUCT_ID, SAVINGS_PRODUCT_KIND_LABELS, type SavingsProductView } from '@kobo/core';
import { useSecuringSavingsProducts } from '../../api/admin-get-savings-products.ts';

type Props = {
  /** The products named; null for the default, ordinary savings plus every shares product. */
  value: string[] | null;
  onChange: (ids: string[] | null) => void;
  error: string | null;
};

const isDefault = (product: SavingsProductView) => product.kind === 'shares' || product.id === ORDINARY_SAVINGS_PRODUCT_ID;

/**
 * "Savings that secure the loan" (issue 29): a box per savings product; the multiple is judged on
 * the ticked products' balances together. Ticking exactly the default set saves the default (null),
 * so a shares product added later secures the loan too.
 */
export function SecuritySavingsField({ value, onChange, error }: Props) {
  const products = useSecuringSavingsProducts();
  if (!products.data) return null;
  const shown = products.data.filter((product) => product.retiredAt === null || value?.includes(product.id));
  const defaults = shown.filter(isDefault).map((product) => product.id);
  const ticked = value ?? defaults;
  const handleChange = (ids: string[]) => {
    const isDefaultSet = ids.length === defaults.length && defaults.every((id) => ids.includes(id));
    onChange(isDefaultSet ? null : ids);
  };
  return (
    <Checkbox.Group label="Savings that secure the loan" description="The multiple is judged on these balances together" value={ticked} onChange={handleChange} error={error}>
      <Stack gap={6} mt={6}>
        {shown.map((product) => (
          <Checkbox key={product.id} value={product.id} label={product.name} description={SAVINGS_PRODUCT_KIND_LABELS[product.kind]} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
