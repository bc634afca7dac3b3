import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, MESSAGES } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/** A request's Idempotency-Key, scoped to its caller, with a hash of what it asks for. */
export type IdempotencyKey = { actorId: string; key: string; requestHash: string };

export type IdempotentResult<T> = { body: T; isReplay: boolean };

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** Reads the header; null when absent. The hash covers the operation and the parsed body. */
export function idempotencyKeyFrom(
  header: string | string[] | undefined,
  actorId: string,
  operation: string,
  input: unknown,
): IdempotencyKey | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new AppError('VALIDATION', { message: MESSAGES.idempotencyKeyInvalid });
  }
  const requestHash = createHash('sha256').update(JSON.stringify({ operation, input })).digest('hex');
  return { actorId, key: header, requestHash };
}

/** Thrown inside the posting transaction to roll it back when another request stored the key first. */
class KeyTakenMeanwhile extends Error {}

/**
 * Runs `post` in one transaction and stores the key with its answer in that same transaction, so
 * a key exists exactly when its posting does. A retry with the same body gets the stored answer;
 * with another body, 409. A refused request (insufficient balance, …) stores nothing: it posted
 * nothing, and a retry is judged afresh.
 *
 * Two requests with one key at once (a phone that retried while its first request was still
 * being worked on, issue 26): the transaction first takes a lock on the key and then looks for the
 * key again, so the second waits for the first's outcome and replays it. Looking only before the
 * transaction let the second wait on the account's lock instead and be refused for the balance
 * the first had just spent: a client that saw only the retry's answer recorded a failed posting
 * that had moved money (docs/decisions/041-idempotent-retries-in-flight.md).
 */
export async function postIdempotently<T>(
  db: Database,
  key: IdempotencyKey | null,
  post: (tx: Transaction) => Promise<T>,
  statusCode = 201,
): Promise<IdempotentResult<T>> {
  if (key) {
    // The common retry, long after the first: answered without a transaction or a lock.
    const stored = await storedAnswer<T>(db, key);
    if (stored) return stored;
  }
  try {
    return await db.transaction(async (tx): Promise<IdempotentResult<T>> => {
      if (key) {
        await lockKey(tx, key);
        const stored = await storedAnswer<T>(tx, key);
        if (stored) return stored;
      }
      const result = await post(tx);
      if (key) {
        const [saved] = await tx
          .insert(idempotencyKeys)
          .values({ ...key, statusCode, response: result })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        // Cannot happen while every keyed posting takes the key's lock; kept as the last guard.
        if (!saved) throw new KeyTakenMeanwhile();
      }
      return { body: result, isReplay: false };
    });
  } catch (error) {
    if (!(error instanceof KeyTakenMeanwhile) || !key) throw error;
    const stored = await storedAnswer<T>(db, key);
    if (!stored) throw new Error('idempotency key vanished after a conflict', { cause: error });
    return stored;
  }
}

/**
 * A transaction-scoped advisory lock on the caller's key, held until the posting commits or rolls
 * back; every instance on the database respects it. Two keys that hash alike only queue.
 */
async function lockKey(tx: Transaction, key: IdempotencyKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`idempotency:${key.actorId}:${key.key}`}, 0))`);
}

async function storedAnswer<T>(db: Database | Transaction, key: IdempotencyKey): Promise<IdempotentResult<T> | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.actorId, key.actorId), eq(idempotencyKeys.key, key.key)));
  if (!row) return null;
  if (row.requestHash !== key.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', { field: 'Idempotency-Key' });
  return { body: row.response as T, isReplay: true };
}

/** A posting's answer: 201, marked when it replays an earlier request's (same Idempotency-Key). */
export function sendPosted<T>(reply: FastifyReply, result: IdempotentResult<T>) {
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  return reply.status(201).send(result.body);
}

/**
 * A posting that may have been recorded as a request instead (issue 15): 202 with `{ request }`
 * (nothing moved yet), else 201. Decided by the answer itself, so a replay (same
 * Idempotency-Key) answers with the status it first had.
 */
export function sendPostedOrRecorded<T extends object>(reply: FastifyReply, result: IdempotentResult<T>) {
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  return reply.status('request' in result.body ? 202 : 201).send(result.body);
}
