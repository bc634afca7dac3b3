import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api/src/server.ts, the file `npm run serve` starts. */
const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const STARTUP_LIMIT_MS = 120_000;

export type ServerSettings = {
  port: number;
  databaseUrl: string;
  /** The file the server reads its clock from (config/test-clock.ts). */
  clockFile: string;
  /** The instance's own data folder (outbox, nightly backups). */
  dataDir: string;
};

/**
 * One Kobo server as a child process (`node --import tsx apps/api/src/server.ts`, as `npm run
 * serve` runs it, without tsx's own wrapper process, so a kill reaches the server itself), on a
 * port of its own, on PostgreSQL, reading the simulated clock from a file. The fault mode kills
 * it with SIGKILL mid-wave and starts it again (faults.ts).
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** The last lines the server wrote to stderr: what a failure to start reports. */
  private stderr: string[] = [];
  /** Set while the simulator means the process to be gone, so an exit is not a crash. */
  private stopping = false;
  /** Called when the process dies without being told to. */
  onUnplannedExit: ((why: string) => void) | null = null;

  constructor(
    readonly name: string,
    private settings: ServerSettings,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.settings.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** The next start uses another database (after a restore). */
  moveTo(databaseUrl: string): void {
    this.settings = { ...this.settings, databaseUrl };
  }

  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    mkdirSync(this.settings.dataDir, { recursive: true });
    this.stopping = false;
    this.stderr = [];
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      env: {
        ...process.env,
        // Not production: the test clock is refused there. 'test' also holds every answer to its route's contract.
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(this.settings.port),
        DATABASE_URL: this.settings.databaseUrl,
        DATA_DIR: this.settings.dataDir,
        WEB_DIST_DIR: join(this.settings.dataDir, 'no-web-build'),
        LOG_LEVEL: 'error',
        KOBO_TEST_CLOCK_FILE: this.settings.clockFile,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr.push(...String(chunk).split('\n').filter(Boolean));
      this.stderr = this.stderr.slice(-20);
    });
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = null;
        if (!this.stopping) this.onUnplannedExit?.(`${this.name} exited by itself (${signal ?? `code ${code}`}): ${this.stderr.join(' | ')}`);
        resolve();
      });
    });
    const deadline = Date.now() + STARTUP_LIMIT_MS;
    while (Date.now() < deadline) {
      if (this.child !== child) throw new Error(`${this.name} did not start: ${this.stderr.join(' | ')}`);
      if (await this.answers()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.name} did not answer within ${STARTUP_LIMIT_MS / 1000} s: ${this.stderr.join(' | ')}`);
  }

  /** Whether GET /api/health answers 200 now. */
  async answers(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/api/health`)).status === 200;
    } catch {
      return false;
    }
  }

  /** kill -9: no shutdown hook runs, whatever is in flight is cut off. */
  async kill(): Promise<void> {
    await this.end('SIGKILL');
  }

  /** A clean stop (SIGTERM: the server closes its pool and finishes what it was doing). */
  async stop(): Promise<void> {
    await this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    if (!this.child) return;
    this.stopping = true;
    this.child.kill(signal);
    await this.exited;
  }
}
