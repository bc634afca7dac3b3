import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer fits in a packet or two: compressing it costs more than it saves. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's JSON answers above a small size (issue 13: a phone on a weak connection).
 * Only JSON: the built web app's files are compressed once at build time (web-app.ts), spreadsheets
 * are zip files already, and the live change stream must reach the browser event by event.
 * Brotli at quality 4: near gzip's speed with smaller output, unlike its default of 11.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Compressed request bodies are not accepted: a small gzip body can inflate past every limit.
    globalDecompression: false,
  });
}
