/**
 * Every key starts with 'savings-products'; a change to a product also refreshes the books
 * ('books'), whose chart may have gained a control account.
 */
export const savingsProductKeys = {
  all: ['savings-products'] as const,
  list: ['savings-products', 'list', 'with-retired'] as const,
  accounts: ['savings-products', 'control-accounts'] as const,
};
export const BOOKS_ROOT = ['books'] as const;
