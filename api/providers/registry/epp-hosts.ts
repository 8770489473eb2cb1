/** EPP host objects (RFC 5732): nameservers a domain names, and glue hosts under our customers' domains with their addresses. */
import type { EppSession } from './epp-session.ts';
import { isTrue, normaliseHost } from './epp-session.ts';
import { childOf, childrenOf, el, escapeXml, ns, type XmlElement } from './epp-xml.ts';
import { RegistryHostInUseError } from './index.ts';

const hostNs = `xmlns:host="${ns.host}"`;

/** Creates host objects for nameservers the registry does not know yet (external hosts need no addresses). */
export async function ensureHosts(session: EppSession, domain: string, nameservers: string[]): Promise<void> {
  const external = nameservers.filter((host) => host !== domain && !host.endsWith(`.${domain}`));
  if (external.length === 0) return;
  const response = await session.command(
    `Could not check nameservers ${external.join(', ')}`,
    `<check><host:check ${hostNs}>${external.map((host) => el('host:name', host)).join('')}</host:check></check>`,
    { query: true },
  );
  const missing = childrenOf(childOf(response.resData, ns.host, 'chkData'), ns.host, 'cd')
    .map((cd) => childOf(cd, ns.host, 'name'))
    .filter((name): name is XmlElement => !!name && isTrue(name.attrs.avail))
    .map((name) => name.text.toLowerCase());
  for (const host of missing) {
    await session.command(`Could not create nameserver ${host}`, `<create><host:create ${hostNs}>${el('host:name', host)}</host:create></create>`, {
      accept: [2302],
    });
  }
}

/** A glue host with exactly these addresses: created, or its addresses added and removed. */
export async function setHost(session: EppSession, host: string, addresses: string[]): Promise<void> {
  const name = normaliseHost(host);
  const addrXml = (list: string[]) => list.map((ip) => `<host:addr ip="${ip.includes(':') ? 'v6' : 'v4'}">${escapeXml(ip)}</host:addr>`).join('');
  const info = await session.command(`Could not read nameserver ${name}`, `<info><host:info ${hostNs}>${el('host:name', name)}</host:info></info>`, {
    query: true,
    accept: [2303],
  });
  if (info.code === 2303) {
    await session.command(
      `Could not create nameserver ${name}`,
      `<create><host:create ${hostNs}>${el('host:name', name)}${addrXml(addresses)}</host:create></create>`,
    );
    return;
  }
  const held = childrenOf(childOf(info.resData, ns.host, 'infData'), ns.host, 'addr').map((addr) => addr.text.toLowerCase());
  const add = addresses.filter((ip) => !held.includes(ip.toLowerCase()));
  const rem = held.filter((ip) => !addresses.some((wanted) => wanted.toLowerCase() === ip));
  if (add.length === 0 && rem.length === 0) return;
  const section = (tag: string, list: string[]) => (list.length ? `<host:${tag}>${addrXml(list)}</host:${tag}>` : '');
  await session.command(
    `Could not change nameserver ${name}`,
    `<update><host:update ${hostNs}>${el('host:name', name)}${section('add', add)}${section('rem', rem)}</host:update></update>`,
  );
}

export async function deleteHost(session: EppSession, host: string): Promise<void> {
  const name = normaliseHost(host);
  // 2303: already gone, which is what we wanted; 2305: a domain still names it.
  const response = await session.command(
    `Could not delete nameserver ${name}`,
    `<delete><host:delete ${hostNs}>${el('host:name', name)}</host:delete></delete>`,
    {
      accept: [2303, 2305],
    },
  );
  if (response.code === 2305) throw new RegistryHostInUseError(name);
}
