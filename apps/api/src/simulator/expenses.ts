import type { Breach } from './invariants.ts';
import { UnexpectedAnswer, type Operation } from './operations.ts';
import { expectStatus } from './operations.ts';
import { nairaText } from './savings-model.ts';
import type { World } from './world.ts';

/** The organisation's book against the model: every expense recorded, edited, imported and undone. */
export const EXPENSES_BOOK = "the organisation's book holds the expenses the model expects";

/** Items the simulated organisation spends on, created once. */
const ITEMS = ['Sim stationery', 'Sim transport', 'Sim refreshments'];

/** The model's book: each expense live by Kobo's id, and each import's expenses (undone together). */
export type ExpenseBook = { items: { id: string; name: string }[]; live: Map<string, number>; imports: { id: string; kobo: number }[] };

export function emptyExpenseBook(): ExpenseBook {
  return { items: [], live: new Map(), imports: [] };
}

export async function setUpExpenses(world: World): Promise<void> {
  for (const name of ITEMS) {
    const created = await world.officer.post('/api/categories', { name });
    expectStatus(created, 201, `creating the item ${name}`);
    const category = created.json as { category?: { id: string }; id?: string };
    world.life.expenses.items.push({ id: category.category?.id ?? category.id ?? '', name });
  }
}

/** What the book's model expected and Kobo did not do. */
const fail = (detail: string) => new UnexpectedAnswer(EXPENSES_BOOK, detail);

function someExpense(world: World): number {
  return world.life.random.int(500, 150_000) * 100 + (world.life.random.chance(0.3) ? world.life.random.int(1, 99) : 0);
}

/**
 * One thing the officer does in the organisation's book, chosen by the lifecycle's dice: record
 * an expense, edit one (its amount), delete one, import a small CSV of them (1 to 3 rows, valued
 * today) or undo the latest import the same day.
 */
export function expenseActivity(world: World): Operation {
  const { random } = world.life;
  const book = world.life.expenses;
  const roll = random.next();
  const item = random.pick(book.items);
  const today = world.clock.isoDay();
  const single = [...book.live.keys()].filter((id) => !book.imports.some((entry) => entry.id === id));
  if (roll < 0.4 || single.length === 0) {
    const kobo = someExpense(world);
    return {
      touches: [],
      run: async () => {
        const saved = await world.officer.post('/api/expenses', { categoryId: item.id, amount: nairaText(kobo), date: today, description: 'sim expense' });
        expectStatus(saved, 201, `recording an expense of ${nairaText(kobo)}`);
        const id = (saved.json as { expense: { id: string } }).expense.id;
        return () => {
          book.live.set(id, kobo);
          world.tally.expenses += 1;
        };
      },
    };
  }
  if (roll < 0.6) {
    const id = random.pick(single);
    const kobo = someExpense(world);
    return {
      touches: [],
      run: async () => {
        const saved = await world.officer.put(`/api/expenses/${id}`, { categoryId: item.id, amount: nairaText(kobo), date: today, description: 'sim expense, corrected' });
        expectStatus(saved, 200, `changing an expense to ${nairaText(kobo)}`);
        return () => {
          book.live.set(id, kobo);
          world.tally.expenseEdits += 1;
        };
      },
    };
  }
  if (roll < 0.75) {
    const id = random.pick(single);
    return {
      touches: [],
      run: async () => {
        expectStatus(await world.officer.send('DELETE', `/api/expenses/${id}`), 200, 'deleting an expense');
        return () => {
          book.live.delete(id);
          world.tally.expenseDeletes += 1;
        };
      },
    };
  }
  const amounts = Array.from({ length: random.int(1, 3) }, () => someExpense(world));
  const undo = random.chance(0.3);
  return {
    touches: [],
    run: async () => {
      const csv = ['Date,Item,Amount,Description', ...amounts.map((kobo, index) => `${today},${random.pick(ITEMS)},${nairaText(kobo)},sim import row ${index + 1}`)].join('\r\n');
      const uploaded = await world.officer.send('POST', '/api/expense-imports/file', Buffer.from(csv, 'utf8'), { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('expenses.csv') });
      expectStatus(uploaded, 200, 'uploading an expenses file');
      const rows = (uploaded.json as { rows: unknown[] }).rows;
      const imported = await world.officer.post('/api/expense-imports', { fileName: 'expenses.csv', rows, createItems: [], expectedReadyCount: amounts.length }, { 'idempotency-key': world.newKey() });
      expectStatus(imported, 201, `importing ${amounts.length} expenses`);
      const importId = (imported.json as { import: { id: string; rowCount: number } }).import.id;
      const total = amounts.reduce((sum, kobo) => sum + kobo, 0);
      if (undo) {
        const undone = await world.officer.post(`/api/expense-imports/${importId}/undo`, {});
        expectStatus(undone, 200, 'undoing an import the same day');
        if ((undone.json as { removed: number }).removed !== amounts.length) throw fail(`undoing an import of ${amounts.length} removed ${(undone.json as { removed: number }).removed}`);
      }
      return () => {
        world.tally.expenseImports += 1;
        if (undo) world.tally.expenseImportsUndone += 1;
        else book.imports.push({ id: importId, kobo: total });
      };
    },
  };
}

/** The month's check: the organisation's book's expenses since the start equal the model's total. */
export async function checkExpenses(world: World): Promise<Breach[]> {
  const book = world.life.expenses;
  const expected = [...book.live.values()].reduce((sum, kobo) => sum + kobo, 0) + book.imports.reduce((sum, entry) => sum + entry.kobo, 0);
  const statement = await world.officer.get(`/api/books/income-statement?book=organisation&from=2016-01-01&to=${world.clock.isoDay()}`);
  if (statement.status !== 200) return [{ invariant: EXPENSES_BOOK, detail: `the organisation's income statement answered ${statement.status}` }];
  const found = (statement.json as { totalExpensesKobo: number }).totalExpensesKobo;
  return found === expected ? [] : [{ invariant: EXPENSES_BOOK, detail: `the organisation's book spent ${found}; the model ${expected}` }];
}
