import { describe, expect, it } from 'vitest';
import { simulateInTest } from './simulation-test-support.ts';

// The Jepsen bank check (concurrent-reads.ts) against reads broken on purpose through the
// simulator's read hook: a read that shows a state no commit left must fail the run, naming the
// invariant, the seed and the simulated date.
describe('reads taken during writes', () => {
  it('a holders list that lost a kobo mid-transfer fails the bank check', { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 11,
      years: 1,
      members: 6,
      tamperWithReads: ({ path, json }) => {
        if (path !== '/api/savings/holders') return json;
        // One leg of a transfer seen without the other: a kobo gone from the total.
        const { holders } = json as { holders: { balanceKobo: number }[] };
        const funded = holders.find((holder) => holder.balanceKobo > 0);
        if (funded) funded.balanceKobo -= 1;
        return json;
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: every read taken during writes shows a committed state\nseed 11, simulated date 2016-\d\d-\d\d .*\nthe holders list read during a wave of transfers adds up to \d+; before it, \d+/);
  });

  it("a statement whose running balance skips a row fails the check", { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 12,
      years: 1,
      members: 6,
      tamperWithReads: ({ path, json }) => {
        if (!path.startsWith('/api/savings/statement')) return json;
        const { rows } = json as { rows: { balanceAfterKobo: number }[] };
        const last = rows.at(-1);
        if (last) last.balanceAfterKobo += 100;
        return json;
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: every read taken during writes shows a committed state\nseed 12, simulated date 2016-\d\d-\d\d .*\nMember \d+ Sim's statement read during a wave: row \d+ \(\w+ \d+\) shows \d+, its rows add up to \d+/);
  });
});
