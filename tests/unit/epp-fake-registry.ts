/**
 * The registry behind the fake EPP server (epp-fake-server.ts): what it holds in memory, its answers in the shape of
 * RFC 5730, and its commands on hosts (RFC 5732), contacts (RFC 5733) and our message queue (poll); the domain
 * commands are in epp-fake-domains.ts. What a test arranges straight in the registry (a domain of another registrar,
 * a transfer settled, a message queued) is here too.
 */
import { childOf, childrenOf, escapeXml, ns, textOf, type XmlElement } from '../../api/providers/registry/epp-xml.ts';
import { createDomainCommands } from './epp-fake-domains.ts';

export type FakeDomain = {
  name: string;
  roid: string;
  clID: string;
  crDate: Date;
  exDate: Date;
  upDate?: Date;
  trDate?: Date;
  statuses: string[];
  ns: string[];
  pw: string;
  registrant?: string;
  /** Contact ids of the other roles (admin, tech, billing). */
  contacts?: Record<string, string>;
  /** RFC 5910 DS records (secDNS-1.1 dsData). */
  ds?: Array<{ keyTag: number; alg: number; digestType: number; digest: string }>;
  /** A transfer request the registry holds: who asked, and where it stands. */
  transfer?: { reID: string; status: 'pending' | 'clientApproved' | 'serverApproved' };
};

export type FakeMessage = { id: string; qDate: Date; msg: string; resData: string };

export type FakeContact = {
  id: string;
  name: string;
  org: string;
  city: string;
  asciiCity: string;
  cc: string;
  voice: string;
  email: string;
  /** RFC 5733 §2.9 disclose flag last set by a contact update (undefined: the server's policy). */
  disclose?: boolean;
};

export const day = 24 * 3600 * 1000;
export const daysAgo = (days: number) => new Date(Date.now() - days * day);
export const yearsAhead = (years: number) => new Date(Date.now() + years * 365.25 * day);
export const date = (d: Date) => d.toISOString();

export type FakeRegistryOptions = { clID?: string; offerFees?: boolean; standardFee?: string; thin?: boolean };
export type FakeRegistry = ReturnType<typeof createFakeRegistry>;

export function createFakeRegistry(options: FakeRegistryOptions = {}) {
  const clID = options.clID ?? 'dotspot';
  const state = {
    domains: new Map<string, FakeDomain>(),
    contacts: new Map<string, FakeContact>(),
    hosts: new Set<string>(['ns1.registry-dns.test', 'ns2.registry-dns.test']),
    /** Glue: the addresses of host objects created with them (RFC 5732 host:addr). */
    hostAddrs: new Map<string, string[]>(),
    premium: new Map<string, string>(),
    reserved: new Set<string>(),
    offerFees: options.offerFees ?? true,
    /** Checks of names in these extensions fail with a registry error (as a registry having an outage would). */
    failingExtensions: new Set<string>(),
    /** Our message queue (RFC 5730 poll), oldest first; acknowledged messages leave it. */
    messages: [] as FakeMessage[],
  };
  let messageCounter = 0;
  let svCounter = 0;
  let roidCounter = 0;
  const newRoid = () => `D${++roidCounter}-FAKE`;

  const respond = (code: number, msg: string, clTRID: string, resData = '', extension = '', msgQ = '') =>
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${ns.epp}"><response><result code="${code}"><msg>${escapeXml(msg)}</msg></result>${msgQ}${resData ? `<resData>${resData}</resData>` : ''}${extension ? `<extension>${extension}</extension>` : ''}<trID><clTRID>${escapeXml(clTRID)}</clTRID><svTRID>FAKE-${++svCounter}</svTRID></trID></response></epp>`;

  const fail = (code: number, msg: string, clTRID: string, reason?: string) =>
    reason
      ? `<?xml version="1.0" encoding="UTF-8"?><epp xmlns="${ns.epp}"><response><result code="${code}"><msg>${escapeXml(msg)}</msg><extValue><value><domain:name xmlns:domain="${ns.domain}">x</domain:name></value><reason>${escapeXml(reason)}</reason></extValue></result><trID><clTRID>${escapeXml(clTRID)}</clTRID><svTRID>FAKE-${++svCounter}</svTRID></trID></response></epp>`
      : respond(code, msg, clTRID);

  function handleLoggedIn(verb: XmlElement, object: XmlElement | undefined, command: XmlElement, clTRID: string): string {
    const extension = childOf(command, ns.epp, 'extension');
    if (verb.name === 'poll') return handlePoll(verb.attrs.op, verb.attrs.msgID, clTRID);
    if (object?.ns === ns.domain) return handleDomain(verb.name, verb.attrs.op, object, extension, clTRID);
    if (object?.ns === ns.host) return handleHost(verb.name, object, clTRID);
    if (object?.ns === ns.contact) return handleContact(verb.name, object, clTRID);
    return fail(2101, 'Unimplemented command', clTRID);
  }

  function handlePoll(op: string | undefined, msgID: string | undefined, clTRID: string): string {
    if (op === 'req') {
      const [head] = state.messages;
      if (!head) return respond(1300, 'Command completed successfully; no messages', clTRID);
      const msgQ = `<msgQ count="${state.messages.length}" id="${head.id}"><qDate>${date(head.qDate)}</qDate><msg>${escapeXml(head.msg)}</msg></msgQ>`;
      return respond(1301, 'Command completed successfully; ack to dequeue', clTRID, head.resData, '', msgQ);
    }
    if (op === 'ack') {
      const index = state.messages.findIndex((message) => message.id === msgID);
      if (index === -1) return fail(2303, 'Object does not exist', clTRID);
      state.messages.splice(index, 1);
      const next = state.messages[0];
      return respond(1000, 'Command completed successfully', clTRID, '', '', `<msgQ count="${state.messages.length}"${next ? ` id="${next.id}"` : ''}/>`);
    }
    return fail(2005, 'Parameter value syntax error', clTRID, 'poll op must be req or ack');
  }

  /** Queues a message for us, as the registry does when something happens to our objects. */
  function enqueue(msg: string, resData = ''): string {
    const id = String(++messageCounter + 900);
    state.messages.push({ id, qDate: new Date(), msg, resData });
    return id;
  }

  function handleHost(verb: string, object: XmlElement, clTRID: string): string {
    const names = childrenOf(object, ns.host, 'name').map((n) => n.text.toLowerCase());
    if (verb === 'check') {
      const cds = names.map((name) => `<host:cd><host:name avail="${state.hosts.has(name) ? 0 : 1}">${name}</host:name></host:cd>`).join('');
      return respond(1000, 'Command completed successfully', clTRID, `<host:chkData xmlns:host="${ns.host}">${cds}</host:chkData>`);
    }
    if (verb === 'create') {
      const name = names[0] as string;
      if (state.hosts.has(name)) return fail(2302, 'Object exists', clTRID);
      state.hosts.add(name);
      state.hostAddrs.set(
        name,
        childrenOf(object, ns.host, 'addr').map((a) => a.text),
      );
      return respond(
        1000,
        'Command completed successfully',
        clTRID,
        `<host:creData xmlns:host="${ns.host}"><host:name>${name}</host:name><host:crDate>${date(new Date())}</host:crDate></host:creData>`,
      );
    }
    const name = names[0] as string;
    if (!state.hosts.has(name)) return fail(2303, 'Object does not exist', clTRID);
    if (verb === 'info') {
      const addrs = (state.hostAddrs.get(name) ?? []).map((ip) => `<host:addr ip="${ip.includes(':') ? 'v6' : 'v4'}">${ip}</host:addr>`).join('');
      return respond(
        1000,
        'Command completed successfully',
        clTRID,
        `<host:infData xmlns:host="${ns.host}"><host:name>${name}</host:name>${addrs}</host:infData>`,
      );
    }
    if (verb === 'update') {
      const list = (tag: string) => childrenOf(childOf(object, ns.host, tag), ns.host, 'addr').map((a) => a.text);
      const held = (state.hostAddrs.get(name) ?? []).filter((ip) => !list('rem').includes(ip));
      state.hostAddrs.set(name, [...held, ...list('add')]);
      return respond(1000, 'Command completed successfully', clTRID);
    }
    if (verb === 'delete') {
      if ([...state.domains.values()].some((d) => d.ns.map((n) => n.toLowerCase()).includes(name)))
        return fail(2305, 'Object association prohibits operation', clTRID);
      state.hosts.delete(name);
      state.hostAddrs.delete(name);
      return respond(1000, 'Command completed successfully', clTRID);
    }
    return fail(2101, 'Unimplemented command', clTRID);
  }

  function handleContact(verb: string, command: XmlElement, clTRID: string): string {
    if (verb !== 'create' && verb !== 'update') return fail(2101, 'Unimplemented command', clTRID);
    const id = textOf(command, ns.contact, 'id') ?? '';
    if (verb === 'create' && state.contacts.has(id)) return fail(2302, 'Object exists', clTRID);
    if (verb === 'update' && !state.contacts.has(id)) return fail(2303, 'Object does not exist', clTRID);
    // An update carries the same details inside <contact:chg>.
    const object = verb === 'update' ? childOf(command, ns.contact, 'chg') : command;
    if (verb === 'update') {
      // Privacy changes only the disclose flag; a contact change carries new details.
      const disclose = childOf(object, ns.contact, 'disclose');
      const existing = state.contacts.get(id);
      if (disclose && existing) existing.disclose = disclose.attrs.flag === '1';
      if (childrenOf(object, ns.contact, 'postalInfo').length === 0) return respond(1000, 'Command completed successfully', clTRID);
    }
    const postals = childrenOf(object, ns.contact, 'postalInfo');
    const ascii = postals.find((p) => p.attrs.type === 'int');
    if (ascii && /[^\x20-\x7e]/.test(JSON.stringify(ascii))) return fail(2005, 'Parameter value syntax error', clTRID, 'int postalInfo must be ASCII');
    const postal = postals.find((p) => p.attrs.type === 'loc') ?? ascii;
    const addr = childOf(postal, ns.contact, 'addr');
    const voice = textOf(object, ns.contact, 'voice') ?? '';
    if (!/^\+\d{1,3}\.\d{1,14}$/.test(voice)) return fail(2005, 'Parameter value syntax error', clTRID, 'voice must be +CC.NUMBER');
    state.contacts.set(id, {
      ...state.contacts.get(id),
      id,
      name: textOf(postal, ns.contact, 'name') ?? '',
      org: textOf(postal, ns.contact, 'org') ?? '',
      city: textOf(addr, ns.contact, 'city') ?? '',
      asciiCity: textOf(childOf(ascii, ns.contact, 'addr'), ns.contact, 'city') ?? '',
      cc: textOf(addr, ns.contact, 'cc') ?? '',
      voice,
      email: textOf(object, ns.contact, 'email') ?? '',
    });
    if (verb === 'update') return respond(1000, 'Command completed successfully', clTRID);
    return respond(
      1000,
      'Command completed successfully',
      clTRID,
      `<contact:creData xmlns:contact="${ns.contact}"><contact:id>${escapeXml(id)}</contact:id><contact:crDate>${date(new Date())}</contact:crDate></contact:creData>`,
    );
  }

  const { handleDomain } = createDomainCommands({ clID, state, respond, fail, newRoid }, options);

  return {
    clID,
    state,
    respond,
    fail,
    handleLoggedIn,
    enqueue,
    /**
     * Ends a pending transfer as the losing registrar (or, after the wait, the registry) would: approved moves the
     * name to us with a year added; rejected leaves it where it was. We are told through our message queue.
     */
    settleTransfer(name: string, outcome: 'clientApproved' | 'serverApproved' | 'clientRejected' | 'serverCancelled') {
      const domain = state.domains.get(name);
      if (domain?.transfer?.reID !== clID) throw new Error(`${name} has no pending transfer to us`);
      const losing = domain.clID;
      const gaining = clID;
      if (outcome === 'clientApproved' || outcome === 'serverApproved') {
        domain.clID = gaining;
        domain.exDate = new Date(domain.exDate);
        domain.exDate.setUTCFullYear(domain.exDate.getUTCFullYear() + 1);
        domain.trDate = new Date();
        domain.pw = `New-Code-${roidCounter}`;
      }
      domain.statuses = ['ok'];
      domain.transfer = undefined;
      const d = 'domain';
      const exDate = outcome === 'clientApproved' || outcome === 'serverApproved' ? `<${d}:exDate>${date(domain.exDate)}</${d}:exDate>` : '';
      const resData = `<${d}:trnData xmlns:${d}="${ns.domain}"><${d}:name>${name}</${d}:name><${d}:trStatus>${outcome}</${d}:trStatus><${d}:reID>${gaining}</${d}:reID><${d}:reDate>${date(daysAgo(5))}</${d}:reDate><${d}:acID>${losing}</${d}:acID><${d}:acDate>${date(new Date())}</${d}:acDate>${exDate}</${d}:trnData>`;
      return enqueue(`Transfer ${outcome === 'clientRejected' || outcome === 'serverCancelled' ? 'rejected' : 'completed'}.`, resData);
    },
    addDomain(domain: Partial<FakeDomain> & { name: string }) {
      state.domains.set(domain.name, {
        roid: newRoid(),
        clID: 'other-registrar',
        crDate: daysAgo(400),
        exDate: yearsAhead(1),
        statuses: ['ok'],
        ns: [],
        pw: 'Other-Code-1',
        ...domain,
      });
    },
  };
}
