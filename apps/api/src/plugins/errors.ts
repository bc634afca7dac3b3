import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, BOOKS, ERRORS, MESSAGES, periodLockedMessage, type ApiErrorBody, type Book } from '@kobo/core';
import { postgresErrorOf } from '../db/errors.ts';

/**
 * SQLSTATE class 22, data exception: a value PostgreSQL cannot take for its type (a NUL in text
 * 22021, a date out of range 22008, a malformed one 22007, a number too large 22003, bad input
 * syntax 22P02, …). Bad input, not a server fault.
 */
const DATA_EXCEPTION = '22';

/** The journal's refusal of an entry in a locked month (migration 0015), DETAIL 'scheme:2026-10'. */
const PERIOD_LOCKED = 'KB423';

/** The savings posting rule's refusal of a posting to a closed account (issue 32, migration 0026). */
const ACCOUNT_CLOSED = 'KB410';
/** Issue 33 (migration 0030): a guarantor recovery's loan repayment reversed on its own. */
const RECOVERY_REVERSAL = 'KB433';

/**
 * A deadlock (40P01) or a serialization failure (40001): PostgreSQL undid one of two transactions
 * that waited on each other, whole, so nothing of it was written and the same request may be sent
 * again. 503 with Retry-After, not 500: nothing is broken (docs/decisions/043).
 */
const TRY_AGAIN_STATES = new Set(['40P01', '40001']);
const RETRY_AFTER_SECONDS = '1';

/**
 * One place maps every failure to an HTTP answer: AppError codes to their status and sentence,
 * schema failures to 400 with the first rule that failed (the spec's message where it has one),
 * PostgreSQL data exceptions to 400, a deadlock or serialization failure to 503 "try again",
 * framework 4xx (bad JSON, too large) to themselves, and anything else to a 500 that shows no
 * internals to the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').split('/')[0] || undefined;
      return reply.status(400).send(errorBody('VALIDATION', first?.message ?? MESSAGES.invalidRequest, field));
    }
    const pgError = postgresErrorOf(error);
    const sqlState = pgError?.code;
    if (sqlState === PERIOD_LOCKED) {
      // Every posting path (deposit, run, loan, expense, import, manual entry) answers the same way.
      return reply.status(409).send(errorBody('PERIOD_LOCKED', periodLockedSentence(pgError?.detail)));
    }
    if (sqlState === RECOVERY_REVERSAL) {
      return reply.status(ERRORS.LOAN_REVERSAL_REFUSED.status).send(errorBody('LOAN_REVERSAL_REFUSED', MESSAGES.recoveryRepaymentNotReversible));
    }
    if (sqlState === ACCOUNT_CLOSED) {
      return reply.status(ERRORS.SAVINGS_ACCOUNT_CLOSED.status).send(errorBody('SAVINGS_ACCOUNT_CLOSED', ERRORS.SAVINGS_ACCOUNT_CLOSED.message));
    }
    if (sqlState !== undefined && TRY_AGAIN_STATES.has(sqlState)) {
      request.log.warn({ sqlState }, 'transaction undone by the database; the client may try again');
      return reply.status(ERRORS.TRY_AGAIN.status).header('retry-after', RETRY_AFTER_SECONDS).send(errorBody('TRY_AGAIN', ERRORS.TRY_AGAIN.message));
    }
    if (sqlState?.startsWith(DATA_EXCEPTION)) {
      // A backstop: the schemas and the input guard should have refused this value first. Only
      // the SQLSTATE is logged: drizzle's message carries the query's parameters.
      request.log.warn({ sqlState }, 'bad input refused by the database');
      return reply.status(400).send(errorBody('VALIDATION', ERRORS.VALIDATION.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION';
      return reply.status(status).send(errorBody(code, error.message || ERRORS[code].message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', ERRORS.INTERNAL.message));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send(errorBody('NOT_FOUND', ERRORS.NOT_FOUND.message));
  });
}

function isBook(value: string | undefined): value is Book {
  return BOOKS.some((known) => known === value);
}

function periodLockedSentence(detail: string | undefined): string {
  const [book, month] = (detail ?? '').split(':');
  return isBook(book) && month ? periodLockedMessage(book, month) : ERRORS.PERIOD_LOCKED.message;
}

function errorBody(error: string, message: string, field?: string): ApiErrorBody {
  return field ? { error, message, field } : { error, message };
}
