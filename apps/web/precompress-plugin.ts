import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text. Images and fonts here are already compressed. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves nothing worth a second file. */
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz beside every text file of the build, once, at build time (issue 13), so
 * the server sends them as they are (@fastify/static's preCompressed) instead of compressing on
 * every request or sending the bytes raw. Brotli at its highest quality: it runs once per release.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kobo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        const bytes = readFileSync(file);
        if (!isPrecompressed(file, bytes)) continue;
        writeFileSync(`${file}.br`, brotli(bytes));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** Whether the build writes compressed copies of this file, so the server sends it compressed. */
export function isPrecompressed(file: string, bytes: Uint8Array): boolean {
  return COMPRESSIBLE.test(file) && bytes.length >= MIN_BYTES;
}

/** The .br copy's bytes, as the server sends them. */
export function brotli(bytes: Uint8Array): Buffer {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
