/** What every command handler of the sandbox EPP server is given: the session's registry and login, the command, the world. */
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/client.ts';
import { childOf, escapeXml, ns, type XmlElement } from '../epp-xml.ts';
import { refuse, type Reply } from './frames.ts';
import type { RegistryRouter, SimulatedRegistry } from './registries.ts';

export type CommandContext = {
  db: Db;
  clock: Clock;
  router: RegistryRouter;
  /** Our own registrar's display name in the sandbox world (the name `ours` rows carry). */
  registrarName: string;
  registry: SimulatedRegistry;
  /** The login of this session: the sponsoring clID of every name the registrar holds here. */
  clientId: string;
  /** Extensions the client logged in with: only these may appear in answers (RFC 5730 §2.9.1.1). */
  extURIs: ReadonlySet<string>;
  /** The command's `<extension>` element, when it has one. */
  extension?: XmlElement;
  /** Simulated answer time of an extension, in ms (0: none). */
  latencyOf(domain: string): number;
};

export const domainNsAttr = `xmlns:domain="${ns.domain}"`;
export const hostNsAttr = `xmlns:host="${ns.host}"`;
export const contactNsAttr = `xmlns:contact="${ns.contact}"`;

/** The extValue element for a domain name in a refusal. */
export const domainValue = (name: string) => `<domain:name ${domainNsAttr}>${escapeXml(name)}</domain:name>`;

/** Names as registries compare them. */
export const canonical = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/** The refusal a registry gives a name in an extension it does not serve, or null when this session's registry serves it. */
export function notServed(ctx: CommandContext, domain: string): Reply | null {
  if (ctx.router.forDomain(domain) === ctx.registry) return null;
  return refuse(2306, `${domain}: this registry (${ctx.registry.name}) does not serve its extension`, domainValue(domain));
}

/** A `<domain:period>`-style element in years (months rounded up), or `fallback` without one; null when out of range. */
export function yearsOf(period: XmlElement | undefined, fallback = 1): number | null {
  if (!period) return fallback;
  const value = Number(period.text);
  if (!Number.isInteger(value) || value < 1 || value > 99) return null;
  const years = period.attrs.unit === 'm' ? Math.ceil(value / 12) : value;
  return years >= 1 && years <= 10 ? years : null;
}

/** The extension element of one namespace and name in the command. */
export function extensionElement(ctx: CommandContext, namespace: string, name: string): XmlElement | undefined {
  return childOf(ctx.extension, namespace, name);
}

export const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
