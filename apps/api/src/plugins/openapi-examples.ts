import { MESSAGES, type ExpenseInput, type ExpensePage, type ExpenseView, type MySavings } from '@kobo/core';
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

const kobo = (value: number) => value as MySavings['account']['balanceKobo'];

/** A member's balance: ₦120,000 saved, ₦40,000 held against a loan they guarantee, ₦80,000 available. */
const mySavings: MySavings = {
  account: {
    accountId: '9a2e4c61-3b5d-4f7a-8c1e-2d3f4a5b6c7d',
    userId: 'b7c8d9e0-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
    holderName: 'Chiamaka Eze',
    email: 'chiamaka@coop.example',
    role: 'staff',
    staffId: 'KB-0001',
    balanceKobo: kobo(12_000_000),
    heldKobo: kobo(4_000_000),
    pendingKobo: kobo(0),
    availableKobo: kobo(8_000_000),
    lastUpdated: '2026-03-27T10:00:00.000Z',
    createdAt: '2025-01-31T10:00:00.000Z',
  },
  transactions: [
    {
      id: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      type: 'deposit',
      amountKobo: kobo(500_000),
      description: 'March 2026 contribution',
      createdAt: '2026-03-27T10:00:00.000Z',
      createdByEmail: 'treasurer@coop.example',
      processedByEmail: 'treasurer@coop.example',
      transferId: null,
      counterpartyAccountId: null,
      counterpartyName: null,
      valueDate: '2026-03-27',
      reversesId: null,
      reason: null,
      reversedById: null,
      batchId: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091',
    },
  ],
};

export const EXAMPLES: Record<string, OperationExample> = {
  'GET /api/savings/me': { summary: "A member's own balance, what is held and what is available", response: { status: 200, value: mySavings } },
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
