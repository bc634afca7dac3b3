import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERRORS, MESSAGES, type ApiErrorBody } from '@kobo/core';
import { postgresErrorOf } from '../db/errors.ts';

/**
 * SQLSTATE class 22, data exception: a value PostgreSQL cannot take for its type (a NUL in text
 * 22021, a date out of range 22008, a malformed one 22007, a number too large 22003, bad input
 * syntax 22P02, …). Bad input, not a server fault.
 */
const DATA_EXCEPTION = '22';

/**
 * One place maps every failure to an HTTP answer: AppError codes to their status and sentence,
 * schema failures to 400 with the first rule that failed (the spec's message where it has one),
 * PostgreSQL data exceptions to 400, framework 4xx (bad JSON, too large) to themselves, and
 * anything else to a 500 that shows no internals to the client.
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
    const sqlState = postgresErrorOf(error)?.code;
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

function errorBody(error: string, message: string, field?: string): ApiErrorBody {
  return field ? { error, message, field } : { error, message };
}
