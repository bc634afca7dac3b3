/**
 * The holder's cached loan answers. Every loan answer sits under ['loans'] and every product answer
 * under ['loan-products'] (the officers' screens use the same roots), so a change on either side
 * refreshes both.
 */
export const holderLoanKeys = {
  loans: ['loans'] as const,
  mine: ['loans', 'mine'] as const,
  guarantorCandidates: (search: string) => ['loans', 'guarantor-candidates', search] as const,
  products: ['loan-products'] as const,
  offeredProducts: ['loan-products', 'offered'] as const,
  quote: (productId: string, amount: string, months: string) => ['loan-products', productId, 'quote', amount, months] as const,
};
