import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SHEET_WORKER_MARK, type SheetAnswer, type SheetJob } from './sheet-worker.ts';

/**
 * Spreadsheets are read off the request loop (issue 26), in at most two worker threads: the
 * machine Kobo runs on may have two cores, and the loop keeps one. More uploads at once wait
 * their turn. A worker that sits idle for a while is stopped, giving its memory back.
 */
const MAX_WORKERS = 2;
const IDLE_MS = 30_000;
/**
 * A worker's heap: a file within the reading's bounds needs a few tens of MB (50,000 rows and
 * their shared strings); past this it is stopped and the file refused as too large when opened.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
/** Bounded reading takes seconds at most; a job still running after this is Kobo's failure, not the file's. */
const JOB_TIMEOUT_MS = 60_000;

type Waiting = { job: SheetJob; resolve: (answer: SheetAnswer) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; current: Waiting | null; idleTimer: NodeJS.Timeout | null; jobTimer: NodeJS.Timeout | null };

const slots: Slot[] = [];
let bootstrap: string | undefined;
const queue: Waiting[] = [];

/** Reads a file in a worker thread; the answer arrives without the request loop having parsed anything. */
export function readInWorker(job: SheetJob): Promise<SheetAnswer> {
  return new Promise((resolve, reject) => {
    queue.push({ job, resolve, reject });
    dispatch();
  });
}

function dispatch(): void {
  while (queue.length > 0) {
    const slot = slots.find((candidate) => candidate.current === null) ?? (slots.length < MAX_WORKERS ? startWorker() : null);
    if (!slot) return;
    run(slot, queue.shift() as Waiting);
  }
}

function run(slot: Slot, waiting: Waiting): void {
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.idleTimer = null;
  slot.current = waiting;
  slot.worker.ref();
  slot.jobTimer = setTimeout(() => fail(slot, new Error(`a spreadsheet was still being read after ${JOB_TIMEOUT_MS} ms`)), JOB_TIMEOUT_MS);
  // A copy the worker owns: the request's buffer may share its memory with other requests'.
  const bytes = new Uint8Array(waiting.job.bytes);
  slot.worker.postMessage({ bytes, limits: waiting.job.limits } satisfies SheetJob, [bytes.buffer]);
}

/**
 * Kobo runs its TypeScript through tsx, and a worker starts with none of its parent's loaders: it
 * loads tsx's ESM API first (found through tsx's own exports, wherever the server was started
 * from), then the worker's module through it.
 */
function bootstrapCode(): string {
  const require = createRequire(import.meta.url);
  const packagePath = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(packagePath, 'utf8')) as { exports: Record<string, { import: { default: string } } | undefined> };
  const entry = exports['./esm/api']?.import.default;
  if (!entry) throw new Error('tsx no longer exports ./esm/api: the spreadsheet worker cannot start');
  const api = pathToFileURL(join(dirname(packagePath), entry)).href;
  const worker = new URL('./sheet-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(worker)}, ${JSON.stringify(import.meta.url)}))`;
}

function startWorker(): Slot {
  bootstrap ??= bootstrapCode();
  const worker = new Worker(bootstrap, { eval: true, workerData: SHEET_WORKER_MARK, resourceLimits: WORKER_LIMITS });
  const slot: Slot = { worker, current: null, idleTimer: null, jobTimer: null };
  worker.on('message', (answer: SheetAnswer) => finish(slot, answer));
  worker.on('error', (error: Error & { code?: string }) => {
    // Out of its heap: the file needs more memory than Kobo gives a file being opened.
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(slot, { refusal: 'expandsTooMuch' }, true);
    else fail(slot, error);
  });
  worker.on('exit', () => {
    remove(slot);
    if (slot.current) fail(slot, new Error('the spreadsheet worker stopped'));
  });
  slots.push(slot);
  return slot;
}

function finish(slot: Slot, answer: SheetAnswer, isBroken = false): void {
  const waiting = slot.current;
  if (slot.jobTimer) clearTimeout(slot.jobTimer);
  slot.jobTimer = null;
  slot.current = null;
  waiting?.resolve(answer);
  if (isBroken) {
    remove(slot);
    void slot.worker.terminate();
  } else {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      remove(slot);
      void slot.worker.terminate();
    }, IDLE_MS);
    slot.idleTimer.unref();
  }
  dispatch();
}

function fail(slot: Slot, error: Error): void {
  const waiting = slot.current;
  if (slot.jobTimer) clearTimeout(slot.jobTimer);
  slot.current = null;
  remove(slot);
  void slot.worker.terminate();
  waiting?.reject(error);
  dispatch();
}

function remove(slot: Slot): void {
  const index = slots.indexOf(slot);
  if (index >= 0) slots.splice(index, 1);
}
