/**
 * The application form's cached loan answers (a holder's, or an officer's for a named holder). Every loan answer sits under ['loans'] and every product answer
 * under ['loan-products'] (the officers' screens use the same roots), so a change on either side
 * refreshes both.
 */
export const holderLoanKeys = {
  loans: ['loans'] as const,
  mine: ['loans', 'mine'] as const,
  /** `borrowerId` is the holder an officer applies for; a holder's own list is 'self'. */
  guarantorCandidates: (search: string, borrowerId?: string) => ['loans', 'guarantor-candidates', borrowerId ?? 'self', search] as const,
  products: ['loan-products'] as const,
  offeredProducts: ['loan-products', 'offered'] as const,
  quote: (productId: string, amount: string, months: string, borrowerId?: string) =>
    ['loan-products', productId, 'quote', borrowerId ?? 'self', amount, months] as const,
};
