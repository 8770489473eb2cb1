/** The domain registry (EPP in production; a deterministic Postgres-backed registry in the sandbox). */
import type { DomainContacts } from '../../contract/accounts/account-info.ts';
import type { Contact } from '../../contract/contact.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';

export type Availability = {
  domain: string;
  available: boolean;
  /** Registry premium price for one year in cents, when the registry prices the name above the catalogue. */
  premiumPrice?: number;
  /** Registry premium price to renew for a year in cents, when renewing is premium too (else the catalogue's renewal). */
  premiumRenewPrice?: number;
  /** Why a name cannot be registered (taken, reserved, or not-offered: no registry connection serves its extension here). */
  reason?: 'taken' | 'reserved' | 'not-offered';
};

/** Where a streamed availability check reports: each group of answers as its registry replies, and names it gave up on. */
export type AvailabilityListener = {
  onAnswers(answers: Availability[]): void;
  /** Names whose check failed twice; they get no answer. */
  onFailure(domains: string[], error: unknown): void;
  /** Aborted when nobody wants the answers any more (a newer search replaced this one). */
  signal?: AbortSignal;
  /**
   * `first` (default): names a visitor sees now (the exact name, featured and popular picks, the first rows); `tail`:
   * names further down. A registry connection sends every waiting `first` check before any `tail` one.
   */
  priority?: 'first' | 'tail';
  /**
   * Answers asked of the registry now (carts, checkout, `check`): no recent answer reused, no check already on the wire
   * joined. Unset (searches): an answer from the last few seconds will do.
   */
  fresh?: boolean;
};

export type TransferEligibility = {
  domain: string;
  ok: boolean;
  reason?: 'too-far-in-the-future' | 'too-new' | 'unsupported-tld' | 'ours' | 'not-registered' | 'locked' | string;
  registrarName?: string;
  createDate?: string;
  expireDate?: string;
  /** The registry's fee in cents to transfer the name in (one year), when it prices the name as premium. */
  premiumPrice?: number;
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
  /** The DS set the registry publishes (RFC 5910); absent when the registry did not say. */
  dsRecords?: DsRecord[];
  /** An inbound transfer to us that the registry holds (requested, not yet completed). */
  transferPending?: boolean;
};

/**
 * What the registry answered to an inbound transfer request. `auth-code-needed` and `auth-code-rejected` wait for the
 * customer to bring a (new) code; `failed` is a definite refusal; `unknown` means the request went out and no answer
 * came back (timeout, dropped connection): ask `info` before doing anything else with the name.
 */
export type TransferRequestAnswer =
  | { status: 'pending' }
  | { status: 'auth-code-needed' }
  | { status: 'auth-code-rejected' }
  | { status: 'failed'; reason: string }
  | { status: 'unknown'; reason: string };

/** One message from the registrar's queue at the registry (EPP `<poll>`), kept there until acknowledged. */
export type RegistryMessage = {
  id: string;
  date: Date;
  /** The registry's own words. */
  text: string;
  /** The transfer the message reports on, when it is a transfer notice. */
  transfer?: {
    domain: string;
    /** completed: approved (by the losing registrar or, after the wait, the registry); rejected: refused or cancelled. */
    status: 'pending' | 'completed' | 'rejected';
    /** We are the gaining registrar (otherwise a name of ours is being transferred away). */
    inbound: boolean;
    /** The name's expiry after the transfer, when the notice gives it. */
    expireDate?: Date;
    /** The other registrar's id or name (the gaining one when a name of ours is leaving). */
    otherRegistrar?: string;
  };
};

/**
 * A change the registry may or may not have carried out: the command went out and no answer came back. Never retried
 * blindly; `info` tells what happened.
 */
export class RegistryOutcomeUnknownError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RegistryOutcomeUnknownError';
  }
}

/** The registry has no command for this (a connection without a known unrenew mechanism, say): it cannot be done there. */
export class RegistryUnsupportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryUnsupportedError';
  }
}

/** The registry refused to delete a host object some domain still uses as a nameserver (EPP 2305). */
export class RegistryHostInUseError extends Error {
  constructor(readonly host: string) {
    super(`${host} is still used as a nameserver by a domain`);
    this.name = 'RegistryHostInUseError';
  }
}

/** Placeholder host names (RFC 2606 `.example`) that must never reach a real registry. */
export function isPlaceholderHost(host: string): boolean {
  return /\.example\.?$/i.test(host.trim());
}

export interface RegistryProvider {
  readonly name: 'sandbox' | 'epp' | 'openprovider';
  /** Nameservers a new registration gets (DEFAULT_NAMESERVERS). */
  readonly defaultNameservers: readonly string[];
  /** Availability of many names, all at once. */
  check(domains: string[]): Promise<Availability[]>;
  /**
   * Availability of many names, streamed to `listener` as each extension's registry replies: a slow extension delays
   * only its own names. A failed registry call is retried once before its names are reported as failed.
   */
  checkStreaming(domains: string[], listener: AvailabilityListener): void;
  /** What the registry holds for a name now (null: not registered); how an unknown outcome is settled. */
  info(domain: string): Promise<RegistryRecord | null>;
  whois(domain: string): Promise<string | null>;
  /** Throws RegistryOutcomeUnknownError when the create went out unanswered; any other error is a definite failure. */
  register(input: {
    domain: string;
    years: number;
    contact: Contact;
    nameservers: readonly string[];
    /**
     * A premium name's one-year price the customer was shown (cents): a registry that now asks another refuses the
     * create. null: sold at the standard price, so a name the registry now prices as premium is refused before the create
     * goes out; absent: whatever the registry asks now.
     */
    shownPrice?: number | null;
  }): Promise<RegistryRecord>;
  /**
   * Adds `years` to the name's term (EPP `<domain:renew>` with its current expiry). Refused past 10 years from today.
   * Throws RegistryOutcomeUnknownError when the renew went out unanswered; any other error is a definite failure.
   */
  renew(input: { domain: string; years: number }): Promise<RegistryRecord>;
  /**
   * Takes `years` of a recent renewal back off the name's term, where the registry has a way to (the sandbox: within
   * the renew grace period, 5 days after the renewal). `curExpireDate` is the expiry we hold, as `<domain:renew>` sends
   * it: a registry holding another refuses, so a repeat never takes a second term off. Absent where the registry has no
   * such command; throws RegistryOutcomeUnknownError when it went out unanswered, any other error is a refusal.
   */
  unrenew?(input: { domain: string; years: number; curExpireDate: Date }): Promise<RegistryRecord>;
  /** Whether the registry serving `domain` can take a renewal back (`unrenew`); absent: whether `unrenew` is there. */
  canUnrenew?(domain: string): boolean;
  /** The registry's price in cents to renew a premium name for `years`, or null when the name renews at the standard price. */
  premiumRenewPrice(domain: string, years: number): Promise<number | null>;
  /** Deletes one of our names at the registry (it becomes free to register again). */
  delete(domain: string): Promise<void>;
  transferCheck(domain: string, supportedTlds: ReadonlySet<string>): Promise<TransferEligibility>;
  /**
   * `shownPrice`: the premium transfer fee in cents the customer was shown and paid; the request acknowledges it, so
   * the registry refuses rather than charge another (null: the standard price was paid, so a premium now is refused;
   * absent: the registry's current fee is acknowledged).
   */
  requestTransfer(input: { domain: string; authCode?: string | null; shownPrice?: number | null }): Promise<TransferRequestAnswer>;
  setLock(domain: string, locked: boolean): Promise<void>;
  /**
   * Puts one of our names on hold or takes it off (EPP `clientHold`, RFC 5731): on hold, the registry leaves it out of
   * its zone, so it stops resolving. Setting what the registry already holds is harmless, so a retry is safe.
   */
  setClientHold(domain: string, onHold: boolean): Promise<void>;
  authCode(domain: string, regenerate?: boolean): Promise<string>;
  /**
   * Restores one of our names from the Redemption Grace Period (RFC 3915): the restore request, then the restore report
   * the registry requires (the registrant's data before deletion and now, when it was deleted, why it is restored, and
   * the two statements). Throws RegistryOutcomeUnknownError when the request went out unanswered; ask `info`.
   */
  restore(input: { domain: string; deletedAt: Date; whoisBefore: string; whoisNow: string; reason: string }): Promise<void>;
  setNameservers(domain: string, nameservers: string[]): Promise<void>;
  /**
   * Replaces the name's whole DS set (RFC 5910 secDNS: remove all, add these); [] leaves it unsigned. Setting what the
   * registry already holds is harmless, so a retry is safe. Throws RegistryOutcomeUnknownError when the update went
   * out unanswered.
   */
  updateDsRecords(input: { domain: string; dsRecords: readonly DsRecord[] }): Promise<void>;
  /** As the losing registrar: let a transfer of one of our names go now (EPP `<transfer op="approve">`). */
  approveTransfer(domain: string): Promise<void>;
  /** As the losing registrar: refuse a transfer of one of our names (EPP `<transfer op="reject">`). */
  rejectTransfer(domain: string): Promise<void>;
  /** Whether WHOIS hides the registrant's contact (`registrant`: the contact the registry shows when it does not). */
  setWhoisPrivacy(domain: string, enabled: boolean, registrant: Contact | null): Promise<void>;
  /**
   * Sets the contacts given (EPP `contact:update`, or a new contact object where one is shared with a role left as
   * it is); roles not given stay. Setting what the registry already holds is harmless, so a retry is safe.
   * `disclose`: whether WHOIS may publish them (the registrant opted out of redaction and has no privacy service);
   * the sandbox honours it, EPP registries apply their own publication policy.
   */
  updateContacts(domain: string, contacts: DomainContacts, options?: { disclose?: boolean }): Promise<void>;
  /**
   * Glue for a nameserver under one of our domains (RFC 5732): creates the host object with these IPv4/IPv6
   * addresses, or sets them on the one the registry holds.
   */
  setHost(host: string, addresses: string[]): Promise<void>;
  /** Deletes a host object; throws RegistryHostInUseError while a domain still names it as a nameserver. */
  deleteHost(host: string): Promise<void>;
  /** The oldest message in our queue at the registry, or null when it is empty; it stays there until acknowledged. */
  pollMessage(): Promise<RegistryMessage | null>;
  /** Removes a handled message from the queue; acknowledging one already gone is harmless. */
  ackMessage(id: string): Promise<void>;
  /** Ends registry sessions cleanly at shutdown (EPP logout). */
  close?(): Promise<void>;
}

/**
 * `check` built on `checkStreaming`: every answer in the order asked, or the first failure once every name has
 * reported. Always fresh: a cart or checkout never takes a search's recent answer. `keyOf` gives a name as the registry answers it (EPP lower-cases, for one).
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
      fresh: true,
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
