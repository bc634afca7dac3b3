import { afterEach, vi } from 'vitest';

// An unexpected console.error is a failure, not noise (STYLE: Epic Stack's habit).
let errors: unknown[][] = [];
// Files that share a worker (isolate: false) run this setup again: wrap the console's own
// function each time, never the previous file's wrapper.
const consoleWithOriginal = console as Console & { koboOriginalError?: typeof console.error };
consoleWithOriginal.koboOriginalError ??= console.error;
const original = consoleWithOriginal.koboOriginalError;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) throw new Error(`console.error was called:\n${seen.map((args) => args.join(' ')).join('\n')}`);
});

export function allowConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}
