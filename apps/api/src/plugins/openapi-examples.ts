import type { OperationExample } from './openapi-contracts.ts';

/**
 * Examples on the main operations of the document, keyed by "METHOD /path" as the document
 * writes it: what an integrator sends and what Kobo answers. Amounts are integer kobo.
 */
export const EXAMPLES: Record<string, OperationExample> = {};
