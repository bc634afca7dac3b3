import type { LoanProductView } from '@kobo/core';
import { FactList } from '../../../../components/fact-list.tsx';
import { productTerms } from './loan-figures.ts';

/** The chosen product's terms, so the applicant knows the limits before typing an amount. */
export function ProductTerms({ product, isOnBehalf = false }: { product: LoanProductView; isOnBehalf?: boolean }) {
  return <FactList facts={productTerms(product, isOnBehalf ? 'their' : 'your')} cols={2} m={0} aria-label={`${product.name} terms`} />;
}
