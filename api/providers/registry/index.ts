/** The domain registry (EPP in production; a deterministic Postgres-backed registry in the sandbox). */
import type { Contact } from '../../contract/contact.ts';

export type Availability = {
  domain: string;
  available: boolean;
  /** Registry premium price for one year in cents, when the registry prices the name above the catalogue. */
  premiumPrice?: number;
  /** Why a name cannot be registered (taken, reserved). */
  reason?: 'taken' | 'reserved';
};

/** Where a streamed availability check reports: each group of answers as its registry replies, and names it gave up on. */
export type AvailabilityListener = {
  onAnswers(answers: Availability[]): void;
  /** Names whose check failed twice; they get no answer. */
  onFailure(domains: string[], error: unknown): void;
  /** Aborted when nobody wants the answers any more (a newer search replaced this one). */
  signal?: AbortSignal;
};

export type TransferEligibility = {
  domain: string;
  ok: boolean;
  reason?: 'too-far-in-the-future' | 'too-new' | 'unsupported-tld' | 'ours' | 'not-registered' | 'locked' | string;
  registrarName?: string;
  createDate?: string;
  expireDate?: string;
};

export type RegistryRecord = {
  domain: string;
  registrarName: string;
  ours: boolean;
  locked: boolean;
  createDate: Date;
  expireDate: Date;
  nameservers: string[];
  statuses: string[];
};

export interface RegistryProvider {
  readonly name: 'sandbox' | 'epp';
  /** Availability of many names, all at once. */
  check(domains: string[]): Promise<Availability[]>;
  /**
   * Availability of many names, streamed to `listener` as each extension's registry replies: a slow extension delays
   * only its own names. A failed registry call is retried once before its names are reported as failed.
   */
  checkStreaming(domains: string[], listener: AvailabilityListener): void;
  info(domain: string): Promise<RegistryRecord | null>;
  whois(domain: string): Promise<string | null>;
  register(input: { domain: string; years: number; contact: Contact; nameservers: string[] }): Promise<RegistryRecord>;
  renew(input: { domain: string; years: number }): Promise<RegistryRecord>;
  transferCheck(domain: string, supportedTlds: ReadonlySet<string>): Promise<TransferEligibility>;
  requestTransfer(input: { domain: string; authCode?: string | null }): Promise<{ status: 'pending' | 'auth-code-needed' | 'auth-code-rejected' }>;
  setLock(domain: string, locked: boolean): Promise<void>;
  authCode(domain: string, regenerate?: boolean): Promise<string>;
  setNameservers(domain: string, nameservers: string[]): Promise<void>;
  /** Ends registry sessions cleanly at shutdown (EPP logout). */
  close?(): Promise<void>;
}

/**
 * `check` built on `checkStreaming`: every answer in the order asked, or the first failure once every name has
 * reported. `keyOf` gives a name as the registry answers it (EPP lower-cases, for one).
 */
export function collectAnswers(
  checkStreaming: RegistryProvider['checkStreaming'],
  domains: string[],
  keyOf: (domain: string) => string = (domain) => domain,
): Promise<Availability[]> {
  const wanted = new Set(domains.map(keyOf));
  if (wanted.size === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const answers = new Map<string, Availability>();
    let outstanding = wanted.size;
    let failure: { error: unknown } | null = null;
    const settle = (count: number) => {
      outstanding -= count;
      if (outstanding > 0) return;
      if (failure) reject(failure.error);
      else resolve(domains.map((domain) => answers.get(keyOf(domain))!));
    };
    checkStreaming(domains, {
      onAnswers(list) {
        for (const answer of list) answers.set(answer.domain, answer);
        settle(list.length);
      },
      onFailure(names, error) {
        failure ??= { error };
        settle(names.length);
      },
    });
  });
}
