import { MESSAGES, type ExpenseInput, type ExpensePage, type ExpenseView } from '@kobo/core';
import type { OperationExample } from './openapi-contracts.ts';

/**
 * Examples on the main operations of the document, keyed by "METHOD /path" as the document
 * writes it: what an integrator sends and what Kobo answers. Amounts are integer kobo. Typed with
 * core's answer types, so an example cannot drift from the shape the route declares.
 */

const fuel: ExpenseView = {
  id: '6f1c1e0a-4b7d-4f0e-9a57-0d6c2b9e8a11',
  amountKobo: 250_000 as ExpenseView['amountKobo'],
  date: '2026-03-02',
  description: 'Generator diesel, 20 litres',
  title: null,
  paymentMethod: 'Cash',
  category: { id: '0b6c2f2e-6f0e-4c43-9a55-2d2a6b1c3e10', name: 'Fuel', color: '#E67E22', icon: 'FaToolbox' },
  userId: '5d3b8a2c-1e4f-4a6b-8c9d-0e1f2a3b4c5d',
  createdBy: { id: '5d3b8a2c-1e4f-4a6b-8c9d-0e1f2a3b4c5d', name: 'Ada Obi', email: 'ada@coop.example' },
  createdAt: '2026-03-02T09:15:00.000Z',
  updatedAt: '2026-03-02T09:15:00.000Z',
  receiptCount: 0,
};

const page: ExpensePage = { items: [fuel], totalKobo: 250_000 as ExpensePage['totalKobo'], count: 1, nextCursor: null };
const recorded: ExpenseInput = { categoryId: fuel.category.id, amount: '2500.00', date: '2026-03-02', description: 'Generator diesel, 20 litres', paymentMethod: 'Cash' };

export const EXAMPLES: Record<string, OperationExample> = {
  'GET /api/expenses': { summary: 'One page of expenses, newest first', response: { status: 200, value: page } },
  'POST /api/expenses': {
    summary: 'Record ₦2,500.00 of fuel',
    request: recorded,
    response: { status: 201, value: { expense: fuel, budget: null, message: MESSAGES.expenseAdded } },
  },
  'POST /api/savings/batches': {
    summary: "March's payroll deductions: ₦5,000.00 from KB-0001 (send an Idempotency-Key to retry safely)",
    request: { month: '2026-03', rows: [{ ref: 'KB-0001', amount: '5000.00' }] },
  },
};
