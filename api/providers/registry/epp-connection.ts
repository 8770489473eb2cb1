/**
 * One EPP session over TLS (RFC 5730 core, RFC 5734 transport): length-prefixed frames, greeting and login,
 * one command in flight matched by clTRID, <hello> keep-alive, lazy reconnect after a drop, command timeouts
 * and <logout> on close. Uses node:tls so it runs under Bun and Node.
 */
import { randomBytes } from 'node:crypto';
import type tls from 'node:tls';
import { nowMs } from '../../clock.ts';
import { EppCancelledError, EppConnectionError, EppError, EppNoAnswerError, type EppResponse, readResponse } from './epp-errors.ts';
import { frame, frameReader } from './epp-frames.ts';
import { connectTls } from './epp-tls.ts';
import { childOf, childrenOf, commandXml, el, helloXml, ns, parseXml, textOf, type XmlElement } from './epp-xml.ts';

export type EppConnectionOptions = {
  host: string;
  port: number;
  username: string;
  password: string;
  /** Sent as <newPW> at login to rotate the password; once the registry took it, it is the password. */
  newPassword?: string;
  /** PEM CA bundle, for a registry (or test server) whose certificate no public CA signed. */
  ca?: string | Buffer;
  /** Client certificate and key in PEM, when the registry authenticates registrars by certificate. */
  cert?: string | Buffer;
  key?: string | Buffer;
  servername?: string;
  /** Object services to log in with (default: domain, contact, host). */
  objURIs?: string[];
  /** Extensions we can use; only those the greeting offers are sent at login (default: fee-1.0, secDNS-1.1 and rgp-1.0). */
  extURIs?: string[];
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Idle time after which a <hello> keeps the session open (registries drop idle sessions, often at 10 min). */
  keepAliveMs?: number;
  clTRIDPrefix?: string;
  /** Told of every command sent, with its clTRID, and how it ended: the answer, or the error when none came. */
  onCommand?: (sent: { xml: string; clTRID: string; response?: EppResponse; error?: Error }) => void;
  /** Told when a session opens (with the greeting) or fails to open. */
  onSession?: (event: { greeting: EppGreeting } | { error: Error }) => void;
};

export { EppCancelledError, EppConnectionError, EppError, EppNoAnswerError } from './epp-errors.ts';
export { createFrameDecoder, frame } from './epp-frames.ts';

/**
 * A waiting command's class: `first` (what a visitor looks at now: a search's first screen, any command that is not a
 * check) goes ahead of every waiting `tail` command (names further down, checked when the visitor reaches them).
 */
export type CommandPriority = 0 | 1;
export const firstPriority: CommandPriority = 0;
export const tailPriority: CommandPriority = 1;

export type EppGreeting = { serverId: string; objURIs: string[]; extURIs: string[] };

export type { EppResponse } from './epp-errors.ts';

type Job = {
  build: (clTRID: string) => string;
  isHello: boolean;
  /** Safe to send again after a drop (queries); mutations are not, their outcome is unknown. */
  retryOnDrop: boolean;
  /** A query nobody waits for any more (a search the visitor replaced) is dropped from the queue, never sent. */
  signal?: AbortSignal;
  /** Queue class: 0 goes ahead of every waiting 1 (what a visitor sees now before anyone's long tail); FIFO within one. */
  priority: CommandPriority;
  attempts: number;
  resolve: (response: EppResponse) => void;
  reject: (error: Error) => void;
};

type Session = { socket: tls.TLSSocket; greeting: EppGreeting; readFrame: (timeoutMs: number) => Promise<string> };

export class EppConnection {
  private readonly options: Required<Pick<EppConnectionOptions, 'commandTimeoutMs' | 'connectTimeoutMs' | 'keepAliveMs'>> & EppConnectionOptions;
  private session: Session | null = null;
  private queue: Job[] = [];
  private busy = false;
  private onIdle: (() => void) | null = null;
  private closed = false;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private counter = 0;
  private readonly prefix: string;
  /** How many sessions were opened (a reconnect counts); for logs and tests. */
  sessionsOpened = 0;

  constructor(options: EppConnectionOptions) {
    this.options = { commandTimeoutMs: 30_000, connectTimeoutMs: 15_000, keepAliveMs: 240_000, ...options };
    this.prefix = options.clTRIDPrefix ?? `DS-${randomBytes(3).toString('hex')}`;
  }

  /** Whether a logged-in session is open right now (a dropped one reopens on the next command). */
  get isOpen(): boolean {
    return !!this.session && !this.session.socket.destroyed;
  }

  /** Commands waiting or in flight on this connection (the registry provider sends new work to the least busy). */
  get load(): number {
    return this.queue.length + (this.busy ? 1 : 0);
  }

  /** Opens the session if needed and answers the server's greeting (what it offers). */
  async greeting(): Promise<EppGreeting> {
    if (this.closed) throw new EppError('The EPP connection is closed');
    return (await this.ensureSession()).greeting;
  }

  /** Sends a command body (without envelope) and resolves with any response, success or failure code. */
  send(body: string, options: { extension?: string; retryOnDrop?: boolean; signal?: AbortSignal; priority?: CommandPriority } = {}): Promise<EppResponse> {
    return this.enqueue({
      build: (clTRID) => commandXml(body, clTRID, options.extension),
      isHello: false,
      retryOnDrop: options.retryOnDrop ?? false,
      signal: options.signal,
      priority: options.priority ?? firstPriority,
    });
  }

  /** Logs out and closes; later commands fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clearIdleTimer();
    for (const job of this.queue.splice(0)) job.reject(new EppError('The EPP connection was closed'));
    // Let the command in flight finish (or time out) so its caller gets its answer.
    if (this.busy) await new Promise<void>((resolve) => (this.onIdle = resolve));
    const session = this.session;
    if (!session) return;
    try {
      session.socket.write(frame(commandXml('<logout/>', this.nextClTRID())));
      await session.readFrame(Math.min(this.options.commandTimeoutMs, 5_000));
    } catch {
      // The server may close first after 1500; either way the session ends here.
    } finally {
      session.socket.end();
      session.socket.destroy();
      this.session = null;
    }
  }

  private enqueue(job: Omit<Job, 'attempts' | 'resolve' | 'reject'>): Promise<EppResponse> {
    if (this.closed) return Promise.reject(new EppError('The EPP connection is closed'));
    if (job.signal?.aborted) return Promise.reject(new EppCancelledError());
    return new Promise((resolve, reject) => {
      const queued: Job = { ...job, attempts: 0, resolve, reject };
      this.insert(queued);
      // Cancelled while waiting: out of the queue at once, so the commands behind it (and `load`) do not wait for it.
      job.signal?.addEventListener('abort', () => this.cancelQueued(queued), { once: true });
      void this.pump();
    });
  }

  /** Behind every waiting job of its class or a higher one, ahead of every lower one. */
  private insert(job: Job): void {
    const queue = this.queue;
    if (queue.length === 0 || queue[queue.length - 1].priority <= job.priority) {
      queue.push(job);
      return;
    }
    let at = queue.length;
    while (at > 0 && queue[at - 1].priority > job.priority) at -= 1;
    queue.splice(at, 0, job);
  }

  /** A job still waiting leaves the queue unsent; one already sent (or answered) is left to finish. */
  private cancelQueued(job: Job): void {
    const at = this.queue.indexOf(job);
    if (at < 0) return;
    this.queue.splice(at, 1);
    job.reject(new EppCancelledError());
  }

  private nextClTRID(): string {
    this.counter += 1;
    return `${this.prefix}-${nowMs().toString(36)}-${this.counter}`;
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    const job = this.queue.shift();
    if (!job) return;
    this.busy = true;
    this.clearIdleTimer();
    try {
      job.resolve(await this.run(job));
    } catch (error) {
      if (error instanceof EppNoAnswerError && error.dropped && job.retryOnDrop && job.attempts < 2 && !this.closed) {
        this.queue.unshift(job);
      } else {
        job.reject(error as Error);
      }
    } finally {
      this.busy = false;
      this.onIdle?.();
      this.onIdle = null;
      if (this.queue.length > 0) void this.pump();
      else this.armIdleTimer();
    }
  }

  private async run(job: Job): Promise<EppResponse> {
    job.attempts += 1;
    let session: Session;
    try {
      session = await this.ensureSession();
    } catch (error) {
      // The registry is unreachable or refused the login: fail what is waiting now rather than have every
      // queued command wait out its own connect timeout; the next command tries again.
      job.retryOnDrop = false;
      for (const waiting of this.queue.splice(0)) waiting.reject(error as Error);
      throw error;
    }
    const clTRID = this.nextClTRID();
    const xml = job.build(clTRID);
    try {
      const response = await this.exchange(session, job, xml, clTRID);
      if (!job.isHello) this.options.onCommand?.({ xml, clTRID, response });
      return response;
    } catch (error) {
      if (!job.isHello) this.options.onCommand?.({ xml, clTRID, error: error as Error });
      throw error;
    }
  }

  private async exchange(session: Session, job: Job, sent: string, clTRID: string): Promise<EppResponse> {
    session.socket.write(frame(sent));
    let xml: string;
    try {
      xml = await session.readFrame(this.options.commandTimeoutMs);
    } catch (error) {
      // After a timeout a late answer would be taken for the next command's; start a fresh session instead.
      this.dropSession(session);
      throw new EppNoAnswerError((error as Error).message, error instanceof EppConnectionError);
    }
    const root = this.parseOrDrop(session, xml);
    if (job.isHello) {
      if (!childOf(root, ns.epp, 'greeting')) this.protocolError(session, 'expected a <greeting> in answer to <hello>');
      return { code: 1000, message: 'hello' };
    }
    const response = readResponse(root);
    if (!response) this.protocolError(session, 'expected a <response>');
    if (response.clTRID !== clTRID) this.protocolError(session, `answer for transaction ${response.clTRID ?? '(none)'} while waiting for ${clTRID}`);
    if (response.code >= 2500) this.dropSession(session);
    return response;
  }

  private parseOrDrop(session: Session, xml: string): XmlElement {
    try {
      return parseXml(xml);
    } catch (error) {
      this.protocolError(session, `unreadable XML (${(error as Error).message})`);
    }
  }

  /** Only ever after a command went out: what it did at the registry is unknown. */
  private protocolError(session: Session, detail: string): never {
    this.dropSession(session);
    throw new EppNoAnswerError(`EPP protocol error from ${this.options.host}: ${detail}`, false);
  }

  private dropSession(session: Session): void {
    if (this.session === session) this.session = null;
    session.socket.destroy();
  }

  private opening: Promise<Session> | null = null;
  /** Session opens that failed in a row, when the next may be tried, and why the last failed (the backoff). */
  private openFailures = 0;
  private retryAtMs = 0;
  private lastOpenError: Error | null = null;

  private ensureSession(): Promise<Session> {
    if (this.session && !this.session.socket.destroyed) return Promise.resolve(this.session);
    // A registry that is down is not asked again on every command: after two failed opens in a row, commands fail at
    // once until the backoff (1 s, doubling to 30 s; real time, so performance.now) lets the next open try.
    const waitMs = this.retryAtMs - performance.now();
    if (!this.opening && this.openFailures >= 2 && waitMs > 0) {
      const { host, port } = this.options;
      return Promise.reject(
        new EppConnectionError(
          `The registry at ${host}:${port} is unreachable; trying again in ${Math.ceil(waitMs / 1000)} s (${this.lastOpenError?.message})`,
        ),
      );
    }
    if (!this.opening) {
      this.opening = this.openSession().finally(() => {
        this.opening = null;
      });
    }
    return this.opening;
  }

  private async openSession(): Promise<Session> {
    try {
      const session = await this.login();
      this.openFailures = 0;
      this.options.onSession?.({ greeting: session.greeting });
      return session;
    } catch (error) {
      this.openFailures += 1;
      this.lastOpenError = error as Error;
      if (this.openFailures >= 2) this.retryAtMs = performance.now() + Math.min(30_000, 1000 * 2 ** (this.openFailures - 2));
      this.options.onSession?.({ error: error as Error });
      throw error;
    }
  }

  private async login(): Promise<Session> {
    const { host, port, connectTimeoutMs, commandTimeoutMs } = this.options;
    const socket = await connectTls(this.options, connectTimeoutMs);
    const readFrame = frameReader(socket, host);
    try {
      const greetingRoot = parseXml(await readFrame(connectTimeoutMs));
      const greeting = readGreeting(greetingRoot);
      if (!greeting) throw new EppError(`EPP server ${host}:${port} did not send a greeting`);
      const tryLogin = async (password: string, newPassword: string | undefined) => {
        socket.write(frame(this.loginXml(greeting, this.nextClTRID(), password, newPassword)));
        const answer = readResponse(parseXml(await readFrame(commandTimeoutMs)));
        if (!answer) throw new EppError(`EPP server ${host}:${port} sent no answer to <login>`);
        return answer;
      };
      const { newPassword } = this.options;
      let response = await tryLogin(this.options.password, newPassword);
      // Rotation: another session (or an earlier run) may have set the new password already; it is the password now.
      if (response.code === 2200 && newPassword) response = await tryLogin(newPassword, undefined);
      if (response.code === 1000 && newPassword) {
        this.options.password = newPassword;
        this.options.newPassword = undefined;
      }
      if (response.code !== 1000) throw EppError.fromResponse(`EPP login to ${host}:${port} as ${this.options.username} failed`, response);
      if (this.closed) throw new EppError('The EPP connection was closed');
      const session: Session = { socket, greeting, readFrame };
      this.session = session;
      this.sessionsOpened += 1;
      if (!this.busy) this.armIdleTimer();
      socket.once('close', () => {
        if (this.session === session) this.session = null;
        this.clearIdleTimer();
      });
      return session;
    } catch (error) {
      socket.destroy();
      throw error;
    }
  }

  private loginXml(greeting: EppGreeting, clTRID: string, password: string, newPassword: string | undefined): string {
    const objURIs = this.options.objURIs ?? [ns.domain, ns.contact, ns.host];
    const extURIs = (this.options.extURIs ?? [ns.fee, ns.secDNS, ns.rgp]).filter((uri) => greeting.extURIs.includes(uri));
    const svcExtension = extURIs.length ? `<svcExtension>${extURIs.map((uri) => el('extURI', uri)).join('')}</svcExtension>` : '';
    return commandXml(
      `<login>${el('clID', this.options.username)}${el('pw', password)}${newPassword ? el('newPW', newPassword) : ''}<options><version>1.0</version><lang>en</lang></options><svcs>${objURIs.map((uri) => el('objURI', uri)).join('')}${svcExtension}</svcs></login>`,
      clTRID,
    );
  }

  private armIdleTimer(): void {
    this.clearIdleTimer();
    if (this.closed || !this.session) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.session || this.closed) return;
      // A failed hello just ends the session; the next command reconnects.
      this.enqueue({ build: () => helloXml, isHello: true, retryOnDrop: false, priority: firstPriority }).catch(() => undefined);
    }, this.options.keepAliveMs);
    this.idleTimer.unref?.();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

export function readGreeting(root: XmlElement): EppGreeting | null {
  const greeting = childOf(root, ns.epp, 'greeting');
  if (!greeting) return null;
  const menu = childOf(greeting, ns.epp, 'svcMenu');
  return {
    serverId: textOf(greeting, ns.epp, 'svID') ?? '',
    objURIs: childrenOf(menu, ns.epp, 'objURI').map((uri) => uri.text),
    extURIs: childrenOf(childOf(menu, ns.epp, 'svcExtension'), ns.epp, 'extURI').map((uri) => uri.text),
  };
}
