import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restoreBackup } from '../backup/restore-backup.ts';
import { takeBackup } from '../backup/take-backup.ts';
import { createScratchDatabase } from '../bench/scratch-database.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { Endpoint } from './http-caller.ts';
import { seededRandom, type Random } from './prng.ts';
import { ServerProcess } from './server-process.ts';
import { SimulatedClock } from './simulated-clock.ts';
import type { SimulationTarget } from './simulation.ts';

/**
 * The fault mode (issue 35, `npm run simulate -- --faults`, PostgreSQL only): Kobo runs as child
 * processes reading the simulated clock from a file, and on the seed's own dice
 *
 * - the server is killed with SIGKILL while requests are in flight, and started again: every
 *   request it cut off is sent again with the same Idempotency-Key (the simulator adds one to each
 *   posting sent without), so its answer says whether the first got through, and the model learns
 *   the posting once either way;
 * - a second instance runs beside the first for some months on the same database, members and the
 *   payroll program calling it while the officer stays on the first;
 * - a backup is taken with Kobo's backup (take-backup.ts, what `npm run backup` runs) at a month's
 *   end, restored (restore-backup.ts, `npm run restore`) into a new database, and the run goes on
 *   there: that month's checks already read the restored copy.
 *
 * See docs/decisions/066-simulator-faults.md.
 */

const FAULTS_STREAM = 35_068;

/** The simulated clock, written to a file on every move for the child servers to read. */
export class FileClock extends SimulatedClock {
  constructor(readonly file: string) {
    super();
    this.write();
  }

  override advanceDays(days: number): void {
    super.advanceDays(days);
    this.write();
  }

  private write(): void {
    // Whole or not at all: a server reading mid-write would see half a timestamp.
    writeFileSync(`${this.file}.next`, this.now().toISOString());
    renameSync(`${this.file}.next`, this.file);
  }
}

/** When each fault happens: by the count of requests sent (kills) and by month index (the rest). */
export type FaultSchedule = {
  /** Requests between kills, at least and at most. */
  killGap: [number, number];
  /** The second instance starts at this month's end and stops at `until`'s end. */
  secondInstance: { from: number; until: number } | null;
  backupAfterMonth: number | null;
};

/** Every fault at least once, whatever the length: a short run crowds them into its first months. */
export function faultSchedule(seed: number, months: number): FaultSchedule {
  const random = seededRandom(seed * 1_000_003 + FAULTS_STREAM + 1);
  if (months <= 6) return { killGap: [60, 160], secondInstance: { from: 0, until: Math.min(2, months - 1) }, backupAfterMonth: Math.min(1, months - 1) };
  const from = random.int(0, months - 4);
  return { killGap: [100, 300], secondInstance: { from, until: from + 3 }, backupAfterMonth: random.int(1, months - 2) };
}

export type InjectedFaults = { kills: number; requestsLost: number; secondInstanceMonths: number; restores: number };

const MONEY_POSTS = new Set(['/api/savings/transactions', '/api/savings/transfers']);

export class FaultyServers implements SimulationTarget {
  readonly injected: InjectedFaults = { kills: 0, requestsLost: 0, secondInstanceMonths: 0, restores: 0 };
  private readonly random: Random;
  private requests = 0;
  private nextKill: number;
  private unsafeInFlight = 0;
  private addedKeys = 0;
  private restarting: Promise<void> | null = null;
  private unplanned: string | null = null;

  private constructor(
    private readonly seed: number,
    private readonly serverUrl: string,
    private readonly dir: string,
    readonly clock: FileClock,
    private readonly schedule: FaultSchedule,
    private database: { url: string; drop: () => Promise<void> },
    private handle: DatabaseHandle,
    private readonly first: ServerProcess,
    private readonly second: ServerProcess,
  ) {
    this.random = seededRandom(seed * 1_000_003 + FAULTS_STREAM);
    this.nextKill = this.random.int(...schedule.killGap);
    for (const server of [first, second]) {
      server.onUnplannedExit = (why) => {
        this.unplanned ??= why;
      };
    }
  }

  /** A scratch database on `serverUrl`'s server, the first instance started on it, the clock at the simulation's start. */
  static async open(options: { serverUrl: string; seed: number; months: number }): Promise<FaultyServers> {
    const dir = mkdtempSync(join(tmpdir(), 'kobo-sim-faults-'));
    const clock = new FileClock(join(dir, 'clock'));
    const database = await createScratchDatabase(options.serverUrl, 'kobo_sim_faults');
    const [firstPort, secondPort] = [await freePort(), await freePort()];
    const settings = (port: number, name: string) => ({ port, databaseUrl: database.url, clockFile: clock.file, dataDir: join(dir, name) });
    const first = new ServerProcess('the first instance', settings(firstPort, 'first'));
    const second = new ServerProcess('the second instance', settings(secondPort, 'second'));
    try {
      // The server migrates the database as it starts; the simulator's own connection comes after.
      await first.start();
      const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
      return new FaultyServers(options.seed, options.serverUrl, dir, clock, faultSchedule(options.seed, options.months), database, handle, first, second);
    } catch (error) {
      await first.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  get kobo() {
    return { database: { db: this.handle.db } };
  }

  async listen(): Promise<string> {
    return this.first.url;
  }

  readonly endpoint: Endpoint = {
    // The officer stays on the first instance; the payroll program and every other member go to the second while it runs.
    url: (callerName) => (this.second.running && (callerName.startsWith('payroll') || /[13579] Sim/.test(callerName)) ? this.second.url : this.first.url),
    sending: ({ method, path, keyed }) => {
      this.requests += 1;
      // A request that changes something without a key (a member joining, a loan applied for, an
      // expense recorded): sent again after a kill it could be done twice, so no kill cuts it off.
      const unsafe = method !== 'GET' && !keyed;
      if (unsafe) this.unsafeInFlight += 1;
      if (method === 'POST' && MONEY_POSTS.has(path) && this.requests >= this.nextKill && !this.restarting) {
        this.nextKill = this.requests + this.random.int(...this.schedule.killGap);
        // A moment after the request leaves: it, and whatever else is in flight, is cut off somewhere inside the server.
        const delay = this.random.int(0, 15);
        setTimeout(() => void this.crash(), delay);
      }
      return () => {
        if (unsafe) this.unsafeInFlight -= 1;
      };
    },
    lost: async (error) => {
      this.injected.requestsLost += 1;
      if (this.unplanned) throw new Error(this.unplanned, { cause: error });
      if (this.restarting) return this.restarting;
      // A keep-alive connection the killed server left in the pool: send again.
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    keyFor: (method, path) => (method === 'POST' && MONEY_POSTS.has(path) ? `sim-${this.seed}-fault-key-${(this.addedKeys += 1)}` : null),
  };

  /** kill -9 of an instance that runs (either, when both do), then the same instance started again. */
  private crash(): Promise<void> {
    if (this.restarting) return this.restarting;
    if (this.unsafeInFlight > 0) {
      // A request without a key is in flight: try again with the next posting.
      this.nextKill = this.requests + 1;
      return Promise.resolve();
    }
    const victim = this.second.running && this.random.chance(0.5) ? this.second : this.first;
    this.restarting = (async () => {
      await victim.kill();
      this.injected.kills += 1;
      await victim.start();
    })().finally(() => {
      this.restarting = null;
    });
    return this.restarting;
  }

  /** At each month's end, before its checks: the second instance comes or goes, or the backup is restored. */
  async afterMonth(index: number): Promise<void> {
    await this.restarting;
    const { secondInstance, backupAfterMonth } = this.schedule;
    if (secondInstance?.from === index) await this.second.start();
    if (secondInstance && index > secondInstance.from && index <= secondInstance.until) this.injected.secondInstanceMonths += 1;
    if (secondInstance?.until === index) await this.second.stop();
    if (backupAfterMonth === index) await this.restoreIntoAFreshDatabase();
  }

  private async restoreIntoAFreshDatabase(): Promise<void> {
    const out = join(this.dir, `month-backup-${this.injected.restores + 1}.kobo-backup`);
    // On PostgreSQL the backup runs beside a running server: one repeatable-read snapshot.
    await takeBackup(this.handle, { out, now: this.clock.now() });
    const fresh = await createScratchDatabase(this.serverUrl, 'kobo_sim_restored');
    const freshHandle = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 });
    await restoreBackup(freshHandle, readFileSync(out));
    const bothRan = this.second.running;
    await this.second.stop();
    await this.first.stop();
    await this.handle.close();
    await this.database.drop();
    this.handle = freshHandle;
    this.database = fresh;
    for (const server of [this.first, this.second]) server.moveTo(fresh.url);
    await this.first.start();
    if (bothRan) await this.second.start();
    this.injected.restores += 1;
  }

  async close(): Promise<void> {
    await this.restarting?.catch(() => {});
    await this.second.stop();
    await this.first.stop();
    await this.handle.close();
    await this.database.drop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A port nobody listens on now: the OS hands one out, and it is closed again at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
