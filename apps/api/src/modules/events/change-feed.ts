import { sql } from 'drizzle-orm';
import type { ChangeEvent } from '@kobo/core';
import type { DatabaseHandle, Transaction } from '../../db/client.ts';

/** The NOTIFY channel every instance listens on (DECISIONS: live data fans out through PostgreSQL). */
export const CHANGES_CHANNEL = 'kobo_changes';

/** Called inside the writing transaction: PostgreSQL delivers the NOTIFY only if it commits. */
export async function notifyChange(tx: Transaction, type: ChangeEvent['type']): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ type } satisfies ChangeEvent)})`);
}

export type ChangeHub = {
  subscribe: (onChange: (event: ChangeEvent) => void) => () => void;
  close: () => Promise<void>;
};

/**
 * One LISTEN per process, fanned out in memory to that process's SSE clients. Every instance holds
 * its own, so a write on any instance reaches the browsers connected to all of them.
 */
export async function openChangeHub(database: DatabaseHandle): Promise<ChangeHub> {
  const subscribers = new Set<(event: ChangeEvent) => void>();
  const unlisten = await database.listen(CHANGES_CHANNEL, (payload) => {
    const event = parseChange(payload);
    if (event) subscribers.forEach((subscriber) => subscriber(event));
  });
  return {
    subscribe: (onChange) => {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    close: async () => {
      subscribers.clear();
      await unlisten();
    },
  };
}

function parseChange(payload: string): ChangeEvent | null {
  try {
    const value = JSON.parse(payload) as { type?: unknown };
    return value.type === 'categories' || value.type === 'expenses' ? { type: value.type } : null;
  } catch {
    return null;
  }
}
