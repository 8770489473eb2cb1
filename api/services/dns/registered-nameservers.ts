/**
 * Custom nameservers (glue records, spec §3, §4, §5, §7): a host name under the customer's domain with its IP address.
 * A new or changed one is received and reviewed for up to 48 hours; the review job (`reviewDueNameservers`, the
 * glue-review job) makes it active at the registry (EPP host:create / host:update) once its review time has come.
 */
import { addMinutes } from 'date-fns/addMinutes';
import { addSeconds } from 'date-fns/addSeconds';
import { and, asc, eq, lte, ne } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { isIpv4, isIpv6, normaliseTargetName, type RegisteredNameserver } from '../../contract/dns/dns.ts';
import type { ListResult } from '../../contract/list.ts';
import type { Db, Tx } from '../../db/client.ts';
import { dnsZones, domains, registeredNameservers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, systemActor } from '../audit/audit-log.ts';
import { carryOutIntent, linkIntentAudit, recordIntent } from '../journal/registry-intents.ts';
import { customerActor, journalDomainChange } from '../journal/customer-changes.ts';
import type { HostBefore } from '../journal/host-kinds.ts';
import { spendRegistryChange, spendRegistryWrite } from '../domains/registry-changes.ts';
import { ownedDomain } from './records.ts';
import { isServedByUs, syncZone } from './zone.ts';

type Row = typeof registeredNameservers.$inferSelect;

export const maxNameserversPerDomain = 13;
/** A claimed review that did not finish (the worker died) is taken up again after this. */
const reviewLeaseMinutes = 10;

function view(row: Row): RegisteredNameserver {
  return {
    registeredNameserverId: row.registeredNameserverId,
    domainId: row.domainId,
    hostname: row.hostname,
    ipAddress: row.ipAddress,
    status: row.status,
    createDate: row.createDate.toISOString(),
    $reviewBy: row.status === 'pending' ? addMinutes(row.createDate, 48 * 60).toISOString() : null,
  };
}

/** Addresses no nameserver on the Internet can have: private, loopback, link-local, multicast, reserved. */
function isUnroutable(ip: string): boolean {
  if (isIpv4(ip)) {
    const [a, b] = ip.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const lower = ip.toLowerCase();
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

/** Checks and normalises a hostname and address for `domain`; every message says which field. */
function checkNameserver(config: Pick<Config, 'sandboxMode'>, domain: string, input: { hostname: string; ipAddress: string }) {
  const errors: { hostname?: string; ipAddress?: string } = {};
  let hostname = '';
  if (!input.hostname.trim()) errors.hostname = 'Hostname is required';
  else {
    const name = normaliseTargetName(input.hostname, 'Hostname');
    if ('error' in name) errors.hostname = name.error;
    else if (!name.name.endsWith(`.${domain}`)) errors.hostname = `Hostname must be under ${domain}, such as ns1.${domain}`;
    else if (name.name.includes('_')) errors.hostname = 'Hostname may contain only letters, numbers, hyphens and dots';
    else hostname = name.name;
  }
  const ip = input.ipAddress.trim();
  if (!ip) errors.ipAddress = 'IP address is required';
  else if (!isIpv4(ip) && !isIpv6(ip)) errors.ipAddress = 'Enter an IPv4 or IPv6 address, such as 203.0.113.53';
  // The sandbox allows any address, so the demo can use documentation and local ones.
  else if (!config.sandboxMode && isUnroutable(ip))
    errors.ipAddress = 'This address cannot be reached from the Internet: enter the public IP address of the nameserver';
  if (errors.hostname || errors.ipAddress) throw new AppError(400, (errors.hostname ?? errors.ipAddress) as string, { errors });
  return { hostname, ipAddress: ip.toLowerCase() };
}

async function refuseDuplicate(db: Db, domainId: number, hostname: string, exceptId?: number): Promise<void> {
  const rows = await db
    .select({ id: registeredNameservers.registeredNameserverId })
    .from(registeredNameservers)
    .where(and(eq(registeredNameservers.domainId, domainId), eq(registeredNameservers.hostname, hostname), ne(registeredNameservers.status, 'deleted')));
  if (rows.some((row) => row.id !== exceptId))
    throw new AppError(409, `${hostname} is already registered`, { errors: { hostname: `${hostname} is already registered` } });
}

export async function listRegisteredNameservers(db: Db, accountId: number, domainId: number): Promise<ListResult<RegisteredNameserver>> {
  await ownedDomain(db, accountId, domainId);
  const rows = await db
    .select()
    .from(registeredNameservers)
    .where(and(eq(registeredNameservers.domainId, domainId), ne(registeredNameservers.status, 'deleted')))
    .orderBy(asc(registeredNameservers.hostname));
  return { total: rows.length, limit: rows.length, skip: 0, data: rows.map(view) };
}

export async function addRegisteredNameserver(
  deps: Deps,
  accountId: number,
  input: { domainId: number; hostname: string; ipAddress: string },
): Promise<RegisteredNameserver> {
  const domain = await ownedDomain(deps.db, accountId, input.domainId);
  if (domain.status === 'transfer') throw new AppError(409, `Custom nameservers of ${domain.domain} can be added once its transfer completes`);
  const fields = checkNameserver(deps.config, domain.domain, input);
  await refuseDuplicate(deps.db, domain.domainId, fields.hostname);
  const live = await deps.db
    .select({ id: registeredNameservers.registeredNameserverId })
    .from(registeredNameservers)
    .where(and(eq(registeredNameservers.domainId, domain.domainId), ne(registeredNameservers.status, 'deleted')));
  if (live.length >= maxNameserversPerDomain) throw new AppError(400, `A domain can have at most ${maxNameserversPerDomain} custom nameservers`);
  const at = now();
  const [row] = await deps.db
    .insert(registeredNameservers)
    .values({ domainId: domain.domainId, ...fields, status: 'pending', createDate: at, reviewDate: addMinutes(at, deps.config.GLUE_REVIEW_MINUTES) })
    .returning();
  return view(row);
}

async function ownedNameserver(db: Db, accountId: number, id: number): Promise<Row> {
  const [row] = await db.select().from(registeredNameservers).where(eq(registeredNameservers.registeredNameserverId, id)).limit(1);
  if (!row || row.status === 'deleted') throw new AppError(404, 'Nameserver not found');
  await ownedDomain(db, accountId, row.domainId);
  return row;
}

/** The signed-in customer who changes a custom nameserver (the audit log names them). */
export type NameserverEditor = { accountId: number; userId: number; clientIp: string };

/**
 * A change of a custom nameserver as a journal entry (DESIGN "Journal"). When the host is active at the registry and
 * the change removes it there (a deletion, or a new hostname), our row's change, the intent and an audit row commit
 * together under the domain's row lock; the host is deleted at the registry after commit, counted in the domain's
 * registry-change budget like PATCH /api/domains (a 429 past it); a refusal puts our row back (a domain still using the
 * host: 409, with what to do), a lost answer is settled by the reconciling job. Otherwise only our row and the audit
 * row change, together.
 */
async function changeNameserver(
  deps: Deps,
  editor: NameserverEditor,
  row: Row,
  action: 'customer.nameserver.update' | 'customer.nameserver.delete',
  set: Partial<Row>,
): Promise<void> {
  const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId));
  const actor = await customerActor(deps.db, editor.userId, editor.clientIp);
  const before: HostBefore = {
    registeredNameserverId: row.registeredNameserverId,
    hostname: row.hostname,
    ipAddress: row.ipAddress,
    status: row.status,
    createDate: row.createDate.toISOString(),
    reviewDate: row.reviewDate?.toISOString() ?? null,
  };
  const audit = {
    action,
    before: { hostname: row.hostname, ipAddress: row.ipAddress, status: row.status },
    after: { ...set, createDate: undefined, reviewDate: undefined },
  };
  /** Our row's change, refused when someone changed the row since it was read. */
  const change = async (tx: Tx) => {
    const [locked] = await tx
      .select()
      .from(registeredNameservers)
      .where(eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId))
      .for('update');
    if (!locked || locked.status !== row.status || locked.hostname !== row.hostname || locked.ipAddress !== row.ipAddress) {
      throw new AppError(409, `${row.hostname} was changed meanwhile: reload and try again`);
    }
    await tx.update(registeredNameservers).set(set).where(eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId));
  };
  const removesHost = row.status === 'active' && (set.status === 'deleted' || (set.hostname !== undefined && set.hostname !== row.hostname));
  if (removesHost) {
    await spendRegistryChange(deps, { accountId: editor.accountId, domain }, () =>
      journalDomainChange(
        deps,
        actor,
        { domainId: row.domainId, accountId: editor.accountId },
        { kind: 'host-delete', change: (tx) => change(tx), params: { hostname: row.hostname, before }, audit },
      ),
    );
    return;
  }
  await deps.db.transaction(async (tx) => {
    await change(tx);
    await recordAudit(tx, actor, {
      action,
      targetType: 'domain',
      targetId: domain.domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: audit.before,
      after: audit.after,
    });
  });
  await syncZone(deps, row.domainId);
}

/** An edit is a new request: it is reviewed again before the registry gets it. */
export async function updateRegisteredNameserver(
  deps: Deps,
  editor: NameserverEditor,
  id: number,
  input: { hostname?: string; ipAddress?: string },
): Promise<RegisteredNameserver> {
  const row = await ownedNameserver(deps.db, editor.accountId, id);
  const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId));
  const fields = checkNameserver(deps.config, domain.domain, { hostname: input.hostname ?? row.hostname, ipAddress: input.ipAddress ?? row.ipAddress });
  if (fields.hostname === row.hostname && fields.ipAddress === row.ipAddress) return view(row);
  await refuseDuplicate(deps.db, row.domainId, fields.hostname, id);
  const at = now();
  await changeNameserver(deps, editor, row, 'customer.nameserver.update', {
    ...fields,
    status: 'pending',
    createDate: at,
    reviewDate: addMinutes(at, deps.config.GLUE_REVIEW_MINUTES),
  });
  const [updated] = await deps.db.select().from(registeredNameservers).where(eq(registeredNameservers.registeredNameserverId, id));
  return view(updated);
}

export async function deleteRegisteredNameserver(deps: Deps, editor: NameserverEditor, id: number): Promise<{ id: number }> {
  const row = await ownedNameserver(deps.db, editor.accountId, id);
  await changeNameserver(deps, editor, row, 'customer.nameserver.delete', { status: 'deleted' });
  return { id };
}

/**
 * A reviewed host made active as a journal entry of the system's: our row (still as reviewed) turns active with the
 * intent and an audit row; the host is created or re-addressed at the registry after commit, in the budget the caller
 * spent; a refusal puts the row back to pending (a later review tries again), a lost answer is settled by the
 * reconciling job. False when the row changed since it was claimed.
 */
async function approveAtRegistry(deps: Deps, row: Row): Promise<boolean> {
  const intent = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(registeredNameservers)
      .where(eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId))
      .for('update');
    if (!locked || locked.status !== 'pending' || locked.hostname !== row.hostname || locked.ipAddress !== row.ipAddress) return null;
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, row.domainId));
    const before: HostBefore = {
      registeredNameserverId: row.registeredNameserverId,
      hostname: row.hostname,
      ipAddress: row.ipAddress,
      status: 'pending',
      createDate: locked.createDate.toISOString(),
      reviewDate: addMinutes(now(), reviewLeaseMinutes).toISOString(),
    };
    const intent = await recordIntent(tx, {
      kind: 'host-set',
      domainId: domain.domainId,
      domain: domain.domain,
      actor: systemActor,
      params: { hostname: row.hostname, addresses: [row.ipAddress], before },
    });
    await tx
      .update(registeredNameservers)
      .set({ status: 'active', reviewDate: null })
      .where(eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId));
    const entry = await recordAudit(tx, systemActor, {
      action: 'nameserver.approve',
      targetType: 'domain',
      targetId: domain.domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { hostname: row.hostname, ipAddress: row.ipAddress, status: 'pending' },
      after: { status: 'active', intentId: intent.intentId },
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return intent;
  });
  if (!intent) return false;
  await carryOutIntent(deps, intent, { budgetSpent: true });
  return true;
}

/**
 * The review: every pending nameserver whose review time has come is claimed (its review time pushed out by a
 * lease, so a second worker skips it), created or re-addressed at the registry, then made active if nobody edited
 * it meanwhile. A registry failure leaves it pending; the lease runs out and a later run tries again. Each host spends
 * its domain's registry-change budget; past it the host waits, still pending, until the budget has room again.
 */
export async function reviewDueNameservers(deps: Deps): Promise<{ approved: number; failed: number; deferred: number }> {
  const at = now();
  const claimed = await deps.db
    .update(registeredNameservers)
    .set({ reviewDate: addMinutes(at, reviewLeaseMinutes) })
    .where(and(eq(registeredNameservers.status, 'pending'), lte(registeredNameservers.reviewDate, at)))
    .returning();
  let approved = 0;
  let failed = 0;
  let deferred = 0;
  for (const row of claimed) {
    const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId));
    try {
      if (await spendRegistryWrite(deps, { by: 'job', accountId: domain.accountId, domain }, () => approveAtRegistry(deps, row))) approved += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === 429) {
        deferred += 1;
        const wait = (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? reviewLeaseMinutes * 60;
        await deps.db
          .update(registeredNameservers)
          .set({ reviewDate: addSeconds(at, wait) })
          .where(
            and(
              eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId),
              eq(registeredNameservers.status, 'pending'),
              eq(registeredNameservers.hostname, row.hostname),
              eq(registeredNameservers.ipAddress, row.ipAddress),
            ),
          );
        continue;
      }
      failed += 1;
      console.warn(`Custom nameserver ${row.hostname}: the registry did not take it yet: ${(error as Error).message}`);
    }
  }
  await publishUnpublishedZones(deps);
  return { approved, failed, deferred };
}

/** Zones of domains made elsewhere (checkout) that were never published: PowerDNS learns of them here. */
async function publishUnpublishedZones(deps: Deps): Promise<void> {
  const rows = await deps.db
    .select({ domainId: domains.domainId, status: domains.status, ns: domains.ns, suspendedAt: domains.suspendedAt, zone: dnsZones.domainId })
    .from(domains)
    .leftJoin(dnsZones, eq(dnsZones.domainId, domains.domainId));
  for (const row of rows) if (row.zone === null && isServedByUs(row, deps.config)) await syncZone(deps, row.domainId);
}
