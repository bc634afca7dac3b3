import { describe, expect, it } from 'vitest';
import { FaultyServers } from './faults.ts';
import { runSimulation } from './simulation.ts';

// The fault mode on PostgreSQL (*.postgres.test.ts: the api-postgres project alone runs it): Kobo
// as child processes on the simulated clock, killed with SIGKILL mid-wave and started again, a
// second instance beside the first, a backup restored into a fresh database, and every invariant
// still holding each month (issue 35, docs/decisions/066-simulator-faults.md).
describe('the simulator with faults', () => {
  it('runs four months through kills, a second instance and a restore, every invariant holding', { timeout: 600_000 }, async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DATABASE_URL names the PostgreSQL server the api-postgres project runs on');
    const servers = await FaultyServers.open({ serverUrl, seed: 3, months: 4 });
    try {
      const result = await runSimulation(servers, servers.clock, { seed: 3, years: 4 / 12, members: 6, afterMonth: ({ index }) => servers.afterMonth(index) });
      expect(result.months).toBe(4);
      expect(result.lastDay).toBe('2016-05-01');
      expect(servers.injected.kills).toBeGreaterThanOrEqual(1);
      expect(servers.injected.requestsLost).toBeGreaterThanOrEqual(1);
      expect(servers.injected.secondInstanceMonths).toBe(2);
      expect(servers.injected.restores).toBe(1);
    } finally {
      await servers.close();
    }
  });
});
