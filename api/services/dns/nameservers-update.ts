/**
 * Domain update, #13 (nameservers, spec §5): entries normalised (empty dropped, trimmed, de-duplicated, upper-cased),
 * none means the provider's two defaults, fewer than 2 is refused; each must be a host name, and one under the domain
 * itself must be an active custom nameserver (it needs glue). A refused entry is named by its place in the list as
 * sent (`data.errors["ns.1"]`, "Nameserver 2: …"), so the panel shows each message under its own field. The registry
 * takes the set first; then we record it.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import type { nameserversUpdate } from '../../contract/domains/domain-update.ts';
import { isProviderNameservers, nameserverFieldErrors, normaliseNameservers } from '../../contract/dns/dns.ts';
import type { Domain } from '../../contract/domains/domain.ts';
import { domains, registeredNameservers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { replaceDsRecords } from './dnssec-update.ts';
import type { DomainUpdateContext } from '../domains/domain-update-types.ts';
import { assertNotHeld } from '../domains/suspension-gate.ts';

export const tooFewNameservers = 'Please enter at least 2 nameservers';
const maxNameservers = 13;

export async function applyNameserversUpdate(ctx: DomainUpdateContext, fields: z.infer<typeof nameserversUpdate>): Promise<Partial<Domain> | undefined> {
  if (fields.ns === undefined) return;
  const { db, providers } = ctx.deps;
  const { domain } = ctx;
  if (domain.status !== 'active' && domain.status !== 'expired')
    throw new AppError(
      409,
      `The nameservers of ${domain.domain} cannot be changed while it is ${domain.status === 'transfer' ? 'being transferred' : domain.status}`,
    );
  assertNotHeld(domain, 'nameservers');
  const refused = nameserverFieldErrors(fields.ns);
  const firstRefused = Object.keys(refused).map(Number)[0];
  if (firstRefused !== undefined) throw fieldErrors(refused, `Nameserver ${firstRefused + 1}: ${refused[firstRefused]}`);
  const entered = normaliseNameservers(fields.ns);
  const ns = entered.length === 0 ? normaliseNameservers(providers.registry.defaultNameservers) : entered;
  if (ns.length < 2) throw new AppError(400, tooFewNameservers);
  if (ns.length > maxNameservers) throw new AppError(400, `Please enter at most ${maxNameservers} nameservers`);
  const apex = domain.domain.toUpperCase();
  const inside = ns.filter((name) => name === apex || name.endsWith(`.${apex}`));
  if (inside.length) {
    const active = await db
      .select({ hostname: registeredNameservers.hostname })
      .from(registeredNameservers)
      .where(and(eq(registeredNameservers.domainId, domain.domainId), eq(registeredNameservers.status, 'active')));
    const glued = new Set(active.map((row) => row.hostname.toUpperCase()));
    const missing = inside.filter((name) => !glued.has(name));
    if (missing.length) {
      const unglued: Record<number, string> = {};
      fields.ns.forEach((entry, index) => {
        if (missing.includes(entry.trim().replace(/\.$/, '').toUpperCase()))
          unglued[index] = `This nameserver is under ${domain.domain}: add it under Manage Custom Nameservers first and wait until it is approved`;
      });
      const names = missing.map((name) => name.toLowerCase()).join(', ');
      throw fieldErrors(
        unglued,
        `${names} ${missing.length === 1 ? 'is' : 'are'} under ${domain.domain}: add ${missing.length === 1 ? 'it' : 'them'} under Manage Custom Nameservers first and wait until approved`,
      );
    }
  }
  // Our nameservers do not sign zones: a DS set left at the registry would make the domain fail validation (bogus).
  const dropsDnssec = domain.dsRecords.length > 0 && isProviderNameservers(ns, providers.registry.defaultNameservers);
  if (dropsDnssec) await replaceDsRecords(ctx, domain, []);
  // A journal entry: our record, the intent and its audit row first; the registry after commit (a refusal puts the
  // nameservers back, a lost answer is settled by the reconciler within minutes).
  await ctx.journal(ctx, {
    kind: 'nameservers',
    params: { ns, before: { ns: domain.ns } },
    audit: { action: 'customer.domain.nameservers', before: { ns: domain.ns }, after: { ns } },
    async change(tx, row) {
      assertNotHeld(row, 'nameservers');
      await tx.update(domains).set({ ns, modifyDate: now() }).where(eq(domains.domainId, row.domainId));
    },
  });
  return dropsDnssec ? { $dsRecordsRemoved: domain.dsRecords.length } : undefined;
}

/** A 400 whose `data.errors` name each refused entry by its place in the list sent ("ns.0"), as zod's paths do. */
function fieldErrors(byIndex: Record<number, string>, message: string): AppError {
  return new AppError(400, message, { errors: Object.fromEntries(Object.entries(byIndex).map(([index, problem]) => [`ns.${index}`, problem])) });
}
