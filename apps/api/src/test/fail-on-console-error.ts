import { afterEach, vi } from 'vitest';

// An unexpected console.error is a failure, not noise (STYLE: Epic Stack's habit).
let errors: unknown[][] = [];
const original = console.error;
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
