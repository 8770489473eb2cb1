/**
 * Custom nameservers (glue records, spec §3, §4, §5, §7): a host name under the customer's domain with its IP address.
 * A new or changed one is received and reviewed for up to 48 hours; the review job (`reviewDueNameservers`, the
 * glue-review job) makes it active at the registry (EPP host:create / host:update) once its review time has come.
 */
import { addMinutes } from 'date-fns/addMinutes';
import { and, asc, eq, ne } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { isIpv4, isIpv6, normaliseTargetName, type RegisteredNameserver } from '../../contract/dns/dns.ts';
import type { ListResult } from '../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { registeredNameservers } from '../../db/schema/index.ts';
import type { RegisteredNameserverRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { ownedDomain } from './records.ts';

export const maxNameserversPerDomain = 13;
/** A claimed review that did not finish (the worker died) is taken up again after this. */
export const reviewLeaseMinutes = 10;

export function view(row: RegisteredNameserverRow): RegisteredNameserver {
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
export function checkNameserver(config: Pick<Config, 'sandboxMode'>, domain: string, input: { hostname: string; ipAddress: string }) {
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

export async function refuseDuplicate(db: Db, domainId: number, hostname: string, exceptId?: number): Promise<void> {
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

export async function ownedNameserver(db: Db, accountId: number, id: number): Promise<RegisteredNameserverRow> {
  const [row] = await db.select().from(registeredNameservers).where(eq(registeredNameservers.registeredNameserverId, id)).limit(1);
  if (!row || row.status === 'deleted') throw new AppError(404, 'Nameserver not found');
  await ownedDomain(db, accountId, row.domainId);
  return row;
}
