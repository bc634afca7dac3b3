import { INVARIANTS } from './simulation-failure.ts';

/** One answer, read once: the status, the body as text, and the JSON when it is JSON. */
export type Answer = { status: number; text: string; json: unknown; headers: Headers; bytes: Buffer };

/** The last requests of the run, for a failure's report; a ring, so a long run keeps little. */
export class RequestLog {
  private readonly lines: string[] = [];
  private count = 0;
  constructor(
    readonly today: () => string,
    private readonly keep = 25,
  ) {}

  add(line: string): void {
    this.count += 1;
    this.lines.push(`${this.today()} ${line}`);
    if (this.lines.length > this.keep) this.lines.shift();
  }

  /** Every request sent in the run. */
  total(): number {
    return this.count;
  }

  last(): string[] {
    return [...this.lines];
  }
}

/** Thrown the moment an answer is 5xx; the runner turns it into a SimulationFailure with the seed. */
export class ServerErrorAnswer extends Error {
  readonly invariant = INVARIANTS.below500;
}

/**
 * Where a caller's requests go when the server is a child process that may die (faults.ts): the
 * instance serving this caller, what to do when a request is lost with the server, and a key for
 * each posting sent without one, so that its retry learns whether the first got through.
 */
export type Endpoint = {
  url: (callerName: string) => string;
  /**
   * Before each request: the fault plan may kill the server while it is in flight. `keyed`: it
   * carries an Idempotency-Key, so sending it again after a kill cannot post it twice.
   */
  sending: (request: { method: string; path: string; keyed: boolean }) => () => void;
  /** The connection failed: resolves once a server answers again, so the request can be retried. */
  lost: (error: unknown) => Promise<void>;
  /** An Idempotency-Key for a request that has none and moves money; null to send it as it is. */
  keyFor: (method: string, path: string) => string | null;
};

/**
 * One caller of the API over real HTTP: an officer or a member with a session cookie, or a
 * program with an API token. Several callers share the server at once, as in a real scheme.
 */
export class HttpCaller {
  private readonly cookies = new Map<string, string>();
  bearer: string | null = null;

  constructor(
    readonly name: string,
    private readonly baseUrl: string | Endpoint,
    private readonly log: RequestLog,
  ) {}

  /** The simulated day, as the log writes it. */
  today(): string {
    return this.log.today();
  }

  /** Another caller on the same session or token, writing to another log (concurrent-reads.ts). */
  readingOn(log: RequestLog, name: string): HttpCaller {
    const reader = new HttpCaller(name, this.baseUrl, log);
    for (const [cookie, value] of this.cookies) reader.cookies.set(cookie, value);
    reader.bearer = this.bearer;
    return reader;
  }

  get(path: string): Promise<Answer> {
    return this.send('GET', path);
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('POST', path, JSON.stringify(body), headers);
  }

  put(path: string, body: unknown): Promise<Answer> {
    return this.send('PUT', path, JSON.stringify(body));
  }

  /** `rawBody` is sent as it is (hostile requests: broken JSON; a file's bytes, with its content-type in `headers`). */
  async send(method: string, path: string, rawBody?: string | Buffer, givenHeaders: Record<string, string> = {}): Promise<Answer> {
    const endpoint = typeof this.baseUrl === 'string' ? null : this.baseUrl;
    const addedKey = endpoint && !givenHeaders['idempotency-key'] ? endpoint.keyFor(method, path) : null;
    const headers = addedKey ? { ...givenHeaders, 'idempotency-key': addedKey } : givenHeaders;
    let response: Response;
    // The bytes kept as well as the text: a download (.xlsx) is read from its bytes.
    let bytes: Buffer;
    for (;;) {
      const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const done = endpoint?.sending({ method, path, keyed: Boolean(headers['idempotency-key']) });
      try {
        response = await fetch(`${endpoint ? endpoint.url(this.name) : this.baseUrl}${path}`, {
          method,
          headers: {
            ...(rawBody === undefined ? {} : { 'content-type': 'application/json' }),
            ...(cookie ? { cookie } : {}),
            ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
            ...headers,
          },
          ...(rawBody === undefined ? {} : { body: typeof rawBody === 'string' ? rawBody : new Uint8Array(rawBody) }),
        });
        bytes = Buffer.from(await response.arrayBuffer());
        done?.();
        break;
      } catch (error) {
        done?.();
        // Only a server that may die is retried: the same request, with the same key.
        if (!endpoint) throw error;
        this.log.add(`${this.name}: ${method} ${path} lost with the server (${error instanceof Error ? error.message : String(error)}); sent again`);
        await endpoint.lost(error);
      }
    }
    for (const line of response.headers.getSetCookie()) this.keepCookie(line);
    const text = bytes.toString('utf8');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const key = headers['idempotency-key'] ? ` key=${headers['idempotency-key']}` : '';
    const shownBody = rawBody === undefined ? '' : typeof rawBody !== 'string' ? ` (${rawBody.length} bytes)` : ` ${rawBody.length > 160 ? `${rawBody.slice(0, 160)}…` : rawBody}`;
    this.log.add(`${this.name}: ${method} ${path}${key}${shownBody} → ${response.status}${response.status >= 400 ? ` ${text.slice(0, 160)}` : ''}`);
    if (response.status >= 500) throw new ServerErrorAnswer(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return { status: response.status, text, json, headers: response.headers, bytes };
  }

  private keepCookie(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const at = pair.indexOf('=');
    if (at < 0) return;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=(0|-)/i.test(attribute));
    if (!value || expired) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
