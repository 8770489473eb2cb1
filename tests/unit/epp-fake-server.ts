/**
 * An in-process EPP registry for tests: TLS with a certificate made at start-up, RFC 5734 framing, and
 * real-shaped RFC 5730-5733 (+ RFC 8748 fee) answers kept in memory. Hooks drop or stall the next command.
 */
import tls from 'node:tls';
import selfsigned from 'selfsigned';
import { createFrameDecoder, frame } from '../../api/providers/registry/epp-connection.ts';
import { childOf, childrenOf, escapeXml, ns, parseXml, pathOf, textOf, type XmlElement } from '../../api/providers/registry/epp-xml.ts';

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

export type FakeEppServer = Awaited<ReturnType<typeof startFakeEppServer>>;

const day = 24 * 3600 * 1000;
export const daysAgo = (days: number) => new Date(Date.now() - days * day);
export const yearsAhead = (years: number) => new Date(Date.now() + years * 365.25 * day);

export async function startFakeEppServer(options: { clID?: string; pw?: string; offerFees?: boolean; standardFee?: string; thin?: boolean } = {}) {
  const clID = options.clID ?? 'dotspot';
  let password = options.pw ?? 'secret-pw';
  const standardFee = options.standardFee ?? '12.00';
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });

  const state = {
    domains: new Map<string, FakeDomain>(),
    contacts: new Map<string, FakeContact>(),
    hosts: new Set<string>(['ns1.registry-dns.test', 'ns2.registry-dns.test']),
    /** Glue: the addresses of host objects created with them (RFC 5732 host:addr). */
    hostAddrs: new Map<string, string[]>(),
    premium: new Map<string, string>(),
    reserved: new Set<string>(),
    offerFees: options.offerFees ?? true,
    /** Every command received, by name, with the object names it carried. */
    received: [] as Array<{ command: string; names: string[]; xml: string }>,
    logins: 0,
    hellos: 0,
    logouts: 0,
    /** Next command of this name (`create`, or `create:domain` for one object type): close the socket without answering. */
    dropNext: null as string | null,
    /** Next command of this name: never answer. */
    stallNext: null as string | null,
    /** Next command of this name: carry it out, then close the socket before the answer goes out (the answer is lost). */
    loseAnswerNext: null as string | null,
    /** Domain checks are answered this long after they arrive (0: at once), so a test can act while one is on the wire. */
    checkDelayMs: 0,
    /** Checks of names in these extensions fail with a registry error (as a registry having an outage would). */
    failingExtensions: new Set<string>(),
    /** Our message queue (RFC 5730 poll), oldest first; acknowledged messages leave it. */
    messages: [] as FakeMessage[],
  };
  let messageCounter = 0;
  let svCounter = 0;
  let roidCounter = 0;
  const sockets = new Set<tls.TLSSocket>();

  const greeting = () =>
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${ns.epp}"><greeting><svID>Fake Registry EPP</svID><svDate>${new Date().toISOString()}</svDate><svcMenu><version>1.0</version><lang>en</lang><objURI>${ns.domain}</objURI><objURI>${ns.contact}</objURI><objURI>${ns.host}</objURI><svcExtension>${state.offerFees ? `<extURI>${ns.fee}</extURI>` : ''}<extURI>${ns.secDNS}</extURI><extURI>${ns.rgp}</extURI></svcExtension></svcMenu><dcp><access><all/></access><statement><purpose><admin/><prov/></purpose><recipient><ours/></recipient><retention><stated/></retention></statement></dcp></greeting></epp>`;

  const respond = (code: number, msg: string, clTRID: string, resData = '', extension = '', msgQ = '') =>
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${ns.epp}"><response><result code="${code}"><msg>${escapeXml(msg)}</msg></result>${msgQ}${resData ? `<resData>${resData}</resData>` : ''}${extension ? `<extension>${extension}</extension>` : ''}<trID><clTRID>${escapeXml(clTRID)}</clTRID><svTRID>FAKE-${++svCounter}</svTRID></trID></response></epp>`;

  const fail = (code: number, msg: string, clTRID: string, reason?: string) =>
    reason
      ? `<?xml version="1.0" encoding="UTF-8"?><epp xmlns="${ns.epp}"><response><result code="${code}"><msg>${escapeXml(msg)}</msg><extValue><value><domain:name xmlns:domain="${ns.domain}">x</domain:name></value><reason>${escapeXml(reason)}</reason></extValue></result><trID><clTRID>${escapeXml(clTRID)}</clTRID><svTRID>FAKE-${++svCounter}</svTRID></trID></response></epp>`
      : respond(code, msg, clTRID);

  const date = (d: Date) => d.toISOString();

  function feeFor(name: string, action: string, years: number): { amount: string; premium: boolean } {
    const premium = state.premium.get(name);
    const unit = premium ?? standardFee;
    const cents = Math.round(Number(unit) * 100) * (action === 'create' || action === 'renew' ? years : 1);
    return { amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`, premium: premium !== undefined };
  }

  function handleCommand(command: XmlElement, loggedIn: { value: boolean }): string | null {
    const clTRID = textOf(command, ns.epp, 'clTRID') ?? '';
    const verb = command.children.find((child) => child.ns === ns.epp && child.name !== 'clTRID' && child.name !== 'extension');
    if (!verb) return fail(2001, 'Command syntax error', clTRID);
    const object = verb.children[0];
    const names = object ? [...object.children.filter((c) => c.name === 'name' || c.name === 'id').map((c) => c.text)] : [];
    const commandName = verb.name === 'transfer' || verb.name === 'poll' ? `${verb.name}-${verb.attrs.op}` : verb.name;
    const kind = object?.ns === ns.domain ? 'domain' : object?.ns === ns.host ? 'host' : object?.ns === ns.contact ? 'contact' : '';
    const fullName = kind ? `${commandName}:${kind}` : commandName;
    state.received.push({ command: fullName, names, xml: '' });
    if (state.dropNext === commandName || state.dropNext === fullName) {
      state.dropNext = null;
      return 'DROP';
    }
    if (state.loseAnswerNext === commandName || state.loseAnswerNext === fullName) {
      state.loseAnswerNext = null;
      if (loggedIn.value) handleLoggedIn(verb, object, command, clTRID);
      return 'DROP';
    }
    if (state.stallNext === commandName) {
      state.stallNext = null;
      return null;
    }
    if (verb.name === 'login') {
      if (textOf(verb, ns.epp, 'clID') !== clID || textOf(verb, ns.epp, 'pw') !== password) return fail(2200, 'Authentication error', clTRID);
      // RFC 5730 §2.9.1.1: a <newPW> replaces the password from this login on.
      password = textOf(verb, ns.epp, 'newPW') ?? password;
      loggedIn.value = true;
      state.logins += 1;
      return respond(1000, 'Command completed successfully', clTRID);
    }
    if (!loggedIn.value) return fail(2002, 'Command use error: not logged in', clTRID);
    if (verb.name === 'logout') {
      state.logouts += 1;
      return respond(1500, 'Command completed successfully; ending session', clTRID);
    }
    return handleLoggedIn(verb, object, command, clTRID);
  }

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

  function handleDomain(verb: string, op: string | undefined, object: XmlElement, extension: XmlElement | undefined, clTRID: string): string {
    const name = (textOf(object, ns.domain, 'name') ?? '').toLowerCase();
    const domain = state.domains.get(name);
    const period = Number(childOf(object, ns.domain, 'period')?.text ?? 1);
    if (verb === 'check') {
      const names = childrenOf(object, ns.domain, 'name').map((n) => n.text.toLowerCase());
      if (names.length > 20) return fail(2306, 'Parameter value policy error', clTRID, 'at most 20 names per check');
      if (new Set(names.map((n) => n.slice(n.indexOf('.')))).size > 1) return fail(2306, 'Parameter value policy error', clTRID, 'one TLD per check');
      if (names.some((n) => state.failingExtensions.has(n.slice(n.indexOf('.') + 1)))) return fail(2400, 'Command failed', clTRID, 'registry unavailable');
      const cds = names
        .map((n) => {
          const reason = state.domains.has(n) ? 'In use' : state.reserved.has(n) ? 'Reserved by registry policy' : '';
          return `<domain:cd><domain:name avail="${reason ? 0 : 1}">${n}</domain:name>${reason ? `<domain:reason>${reason}</domain:reason>` : ''}</domain:cd>`;
        })
        .join('');
      const feeCheck = childOf(extension, ns.fee, 'check');
      let feeXml = '';
      if (feeCheck && state.offerFees) {
        const cmd = childOf(feeCheck, ns.fee, 'command');
        const action = cmd?.attrs.name ?? 'create';
        const years = Number(childOf(cmd, ns.fee, 'period')?.text ?? 1);
        const feeCds = names
          .map((n) => {
            const fee = feeFor(n, action, years);
            return `<fee:cd avail="1"><fee:objID>${n}</fee:objID><fee:class>${fee.premium ? 'premium' : 'standard'}</fee:class><fee:command name="${action}"><fee:period unit="y">${years}</fee:period><fee:fee description="Registration Fee" refundable="1" grace-period="P5D">${fee.amount}</fee:fee></fee:command></fee:cd>`;
          })
          .join('');
        feeXml = `<fee:chkData xmlns:fee="${ns.fee}"><fee:currency>USD</fee:currency>${feeCds}</fee:chkData>`;
      }
      return respond(1000, 'Command completed successfully', clTRID, `<domain:chkData xmlns:domain="${ns.domain}">${cds}</domain:chkData>`, feeXml);
    }
    if (verb === 'info') {
      if (!domain) return fail(2303, 'Object does not exist', clTRID);
      const ours = domain.clID === clID;
      // A different prefix than the request used, as real servers may: the client must resolve namespaces.
      const d = 'dom';
      const nsXml = domain.ns.length ? `<${d}:ns>${domain.ns.map((h) => `<${d}:hostObj>${h}</${d}:hostObj>`).join('')}</${d}:ns>` : '';
      return respond(
        1000,
        'Command completed successfully',
        clTRID,
        `<${d}:infData xmlns:${d}="${ns.domain}"><${d}:name>${domain.name}</${d}:name><${d}:roid>${domain.roid}</${d}:roid>${domain.statuses.map((s) => `<${d}:status s="${s}"/>`).join('')}${ours && domain.registrant ? `<${d}:registrant>${domain.registrant}</${d}:registrant>` : ''}${
          ours
            ? Object.entries(domain.contacts ?? {})
                .map(([type, id]) => `<${d}:contact type="${type}">${id}</${d}:contact>`)
                .join('')
            : ''
        }${nsXml}<${d}:clID>${domain.clID}</${d}:clID><${d}:crID>${domain.clID}</${d}:crID><${d}:crDate>${date(domain.crDate)}</${d}:crDate>${domain.upDate ? `<${d}:upDate>${date(domain.upDate)}</${d}:upDate>` : ''}<${d}:exDate>${date(domain.exDate)}</${d}:exDate>${domain.trDate ? `<${d}:trDate>${date(domain.trDate)}</${d}:trDate>` : ''}${ours ? `<${d}:authInfo><${d}:pw>${escapeXml(domain.pw)}</${d}:pw></${d}:authInfo>` : ''}</${d}:infData>`,
        domain.ds?.length
          ? `<secDNS:infData xmlns:secDNS="${ns.secDNS}">${domain.ds.map((ds) => `<secDNS:dsData><secDNS:keyTag>${ds.keyTag}</secDNS:keyTag><secDNS:alg>${ds.alg}</secDNS:alg><secDNS:digestType>${ds.digestType}</secDNS:digestType><secDNS:digest>${ds.digest}</secDNS:digest></secDNS:dsData>`).join('')}</secDNS:infData>`
          : undefined,
      );
    }
    if (verb === 'create') {
      if (domain) return fail(2302, 'Object exists', clTRID);
      if (state.reserved.has(name)) return fail(2306, 'Parameter value policy error', clTRID, 'Reserved by registry policy');
      const hosts = childrenOf(childOf(object, ns.domain, 'ns'), ns.domain, 'hostObj').map((h) => h.text.toLowerCase());
      const missing = hosts.find((h) => !state.hosts.has(h));
      if (missing) return fail(2303, 'Object does not exist', clTRID, `host ${missing} does not exist`);
      const registrant = textOf(object, ns.domain, 'registrant') ?? '';
      // A thin registry (.com) holds no contacts; a thick one needs the registrant to exist.
      if (options.thin ? registrant !== '' : !state.contacts.has(registrant))
        return fail(2303, 'Object does not exist', clTRID, `contact ${registrant} does not exist`);
      if (state.premium.has(name) && state.offerFees) {
        const ack = pathOf(extension, [ns.fee, 'create'], [ns.fee, 'fee'])?.text;
        if (ack !== feeFor(name, 'create', period).amount) return fail(2004, 'Parameter value range error', clTRID, 'premium fee not acknowledged');
      }
      const now = new Date();
      const created: FakeDomain = {
        name,
        roid: `D${++roidCounter}-FAKE`,
        clID,
        crDate: now,
        exDate: new Date(Date.UTC(now.getUTCFullYear() + period, now.getUTCMonth(), now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes())),
        statuses: ['ok'],
        ns: hosts,
        pw: pathOf(object, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text ?? '',
        registrant,
        contacts: Object.fromEntries(childrenOf(object, ns.domain, 'contact').map((c) => [c.attrs.type ?? '', c.text])),
      };
      state.domains.set(name, created);
      return respond(
        1000,
        'Command completed successfully',
        clTRID,
        `<domain:creData xmlns:domain="${ns.domain}"><domain:name>${name}</domain:name><domain:crDate>${date(created.crDate)}</domain:crDate><domain:exDate>${date(created.exDate)}</domain:exDate></domain:creData>`,
      );
    }
    if (!domain) return fail(2303, 'Object does not exist', clTRID);
    if (verb === 'renew') {
      if (domain.clID !== clID) return fail(2201, 'Authorization error', clTRID);
      if (textOf(object, ns.domain, 'curExpDate') !== date(domain.exDate).slice(0, 10))
        return fail(2004, 'Parameter value range error', clTRID, 'curExpDate does not match');
      domain.exDate = new Date(domain.exDate);
      domain.exDate.setUTCFullYear(domain.exDate.getUTCFullYear() + period);
      return respond(
        1000,
        'Command completed successfully',
        clTRID,
        `<domain:renData xmlns:domain="${ns.domain}"><domain:name>${name}</domain:name><domain:exDate>${date(domain.exDate)}</domain:exDate></domain:renData>`,
      );
    }
    if (verb === 'transfer' && op === 'request') {
      if (domain.clID === clID) return fail(2106, 'Object is not eligible for transfer', clTRID);
      const pw = pathOf(object, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text;
      if (pw !== domain.pw) return fail(2202, 'Invalid authorization information', clTRID);
      if (domain.statuses.includes('clientTransferProhibited')) return fail(2304, 'Object status prohibits operation', clTRID);
      if (domain.transfer) return fail(2300, 'Object pending transfer', clTRID);
      domain.statuses = ['pendingTransfer'];
      domain.transfer = { reID: clID, status: 'pending' };
      return respond(1001, 'Command completed successfully; action pending', clTRID, trnData(domain));
    }
    if (verb === 'transfer' && (op === 'approve' || op === 'reject')) {
      // Only the sponsoring (losing) registrar answers a pending transfer.
      if (domain.clID !== clID) return fail(2201, 'Authorization error', clTRID);
      if (!domain.transfer) return fail(2301, 'Object not pending transfer', clTRID);
      domain.transfer.status = op === 'approve' ? 'clientApproved' : 'pending';
      const answer = trnData(domain).replace('<domain:trStatus>pending<', `<domain:trStatus>${op === 'approve' ? 'clientApproved' : 'clientRejected'}<`);
      if (op === 'approve') {
        domain.clID = domain.transfer.reID;
        domain.trDate = new Date();
      }
      domain.statuses = ['ok'];
      domain.transfer = undefined;
      return respond(1000, 'Command completed successfully', clTRID, answer);
    }
    if (verb === 'transfer' && op === 'query') {
      if (!domain.transfer) return fail(2301, 'Object not pending transfer', clTRID);
      // RFC 5731 §3.1.3: the requesting client and the sponsoring one may see the transfer.
      if (domain.transfer.reID !== clID && domain.clID !== clID) return fail(2201, 'Authorization error', clTRID);
      return respond(1000, 'Command completed successfully', clTRID, trnData(domain));
    }
    if (verb === 'update') {
      if (domain.clID !== clID) return fail(2201, 'Authorization error', clTRID);
      // RFC 3915: a restore request moves a name in redemptionPeriod to pendingRestore; the report completes it.
      const restore = pathOf(extension, [ns.rgp, 'update'], [ns.rgp, 'restore']);
      if (restore) {
        if (restore.attrs.op === 'request') {
          if (!domain.statuses.includes('redemptionPeriod')) return fail(2304, 'Object status prohibits operation', clTRID, 'not in redemptionPeriod');
          domain.statuses = [...domain.statuses.filter((s) => s !== 'redemptionPeriod' && s !== 'pendingDelete'), 'pendingRestore'];
        } else if (restore.attrs.op === 'report') {
          if (!domain.statuses.includes('pendingRestore')) return fail(2304, 'Object status prohibits operation', clTRID, 'no restore pending');
          const report = childOf(restore, ns.rgp, 'report');
          const statements = childrenOf(report, ns.rgp, 'statement');
          if (!textOf(report, ns.rgp, 'preData') || !textOf(report, ns.rgp, 'resReason') || statements.length < 2) {
            return fail(2306, 'Parameter value policy error', clTRID, 'incomplete restore report');
          }
          domain.statuses = domain.statuses.filter((s) => s !== 'pendingRestore');
          if (domain.statuses.length === 0) domain.statuses = ['ok'];
        } else return fail(2005, 'Parameter value syntax error', clTRID);
        domain.upDate = new Date();
        return respond(1000, 'Command completed successfully', clTRID);
      }
      const add = childOf(object, ns.domain, 'add');
      const rem = childOf(object, ns.domain, 'rem');
      const chg = childOf(object, ns.domain, 'chg');
      const addStatus = childrenOf(add, ns.domain, 'status').map((s) => s.attrs.s ?? '');
      const remStatus = childrenOf(rem, ns.domain, 'status').map((s) => s.attrs.s ?? '');
      if (addStatus.some((s) => domain.statuses.includes(s))) return fail(2306, 'Parameter value policy error', clTRID, 'status already set');
      if (remStatus.some((s) => !domain.statuses.includes(s))) return fail(2306, 'Parameter value policy error', clTRID, 'status not set');
      const addNs = childrenOf(childOf(add, ns.domain, 'ns'), ns.domain, 'hostObj').map((h) => h.text.toLowerCase());
      const remNs = childrenOf(childOf(rem, ns.domain, 'ns'), ns.domain, 'hostObj').map((h) => h.text.toLowerCase());
      const missing = addNs.find((h) => !state.hosts.has(h));
      if (missing) return fail(2303, 'Object does not exist', clTRID, `host ${missing} does not exist`);
      domain.statuses = [...domain.statuses.filter((s) => !remStatus.includes(s) && s !== 'ok'), ...addStatus];
      if (domain.statuses.length === 0) domain.statuses = ['ok'];
      domain.ns = [...domain.ns.filter((h) => !remNs.includes(h)), ...addNs];
      const addContacts = childrenOf(add, ns.domain, 'contact').map((c) => [c.attrs.type ?? '', c.text] as const);
      const remContacts = childrenOf(rem, ns.domain, 'contact').map((c) => [c.attrs.type ?? '', c.text] as const);
      const newRegistrant = textOf(chg, ns.domain, 'registrant');
      const unknown = [...addContacts.map(([, id]) => id), ...(newRegistrant ? [newRegistrant] : [])].find((id) => !state.contacts.has(id));
      if (unknown) return fail(2303, 'Object does not exist', clTRID, `contact ${unknown} does not exist`);
      const contacts = { ...domain.contacts };
      for (const [type, id] of remContacts) {
        if (contacts[type] !== id) return fail(2306, 'Parameter value policy error', clTRID, `${type} contact is not ${id}`);
        delete contacts[type];
      }
      for (const [type, id] of addContacts) {
        if (contacts[type]) return fail(2306, 'Parameter value policy error', clTRID, `${type} contact already set`);
        contacts[type] = id;
      }
      domain.contacts = contacts;
      if (newRegistrant) domain.registrant = newRegistrant;
      const newPw = pathOf(chg, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text;
      if (newPw !== undefined) domain.pw = newPw;
      const secDns = childOf(extension, ns.secDNS, 'update');
      if (secDns) {
        if (pathOf(secDns, [ns.secDNS, 'rem'], [ns.secDNS, 'all'])?.text === 'true') domain.ds = [];
        const added = childrenOf(childOf(secDns, ns.secDNS, 'add'), ns.secDNS, 'dsData').map((d) => ({
          keyTag: Number(textOf(d, ns.secDNS, 'keyTag')),
          alg: Number(textOf(d, ns.secDNS, 'alg')),
          digestType: Number(textOf(d, ns.secDNS, 'digestType')),
          digest: textOf(d, ns.secDNS, 'digest') ?? '',
        }));
        domain.ds = [...(domain.ds ?? []), ...added];
      }
      domain.upDate = new Date();
      return respond(1000, 'Command completed successfully', clTRID);
    }
    return fail(2101, 'Unimplemented command', clTRID);
  }

  function trnData(domain: FakeDomain): string {
    const requested = new Date();
    return `<domain:trnData xmlns:domain="${ns.domain}"><domain:name>${domain.name}</domain:name><domain:trStatus>${domain.transfer?.status ?? 'pending'}</domain:trStatus><domain:reID>${domain.transfer?.reID ?? clID}</domain:reID><domain:reDate>${date(requested)}</domain:reDate><domain:acID>${domain.clID}</domain:acID><domain:acDate>${date(new Date(requested.getTime() + 5 * day))}</domain:acDate></domain:trnData>`;
  }

  const server = tls.createServer({ key: pems.private, cert: pems.cert }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const loggedIn = { value: false };
    const decode = createFrameDecoder((xml) => {
      const root = parseXml(xml);
      if (childOf(root, ns.epp, 'hello')) {
        state.hellos += 1;
        socket.write(frame(greeting()));
        return;
      }
      const command = childOf(root, ns.epp, 'command');
      if (!command) return;
      const answer = handleCommand(command, loggedIn);
      const last = state.received.at(-1);
      if (last) last.xml = xml;
      if (answer === 'DROP') {
        socket.destroy();
        return;
      }
      if (answer === null) return;
      if (state.checkDelayMs > 0 && state.received.at(-1)?.command === 'check:domain') {
        setTimeout(() => socket.write(frame(answer)), state.checkDelayMs);
        return;
      }
      socket.write(frame(answer));
      if (childOf(command, ns.epp, 'logout')) socket.end();
    });
    socket.on('data', (chunk: Buffer) => decode(chunk));
    socket.write(frame(greeting()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    state,
    port,
    ca: pems.cert,
    clID,
    password,
    /** Closes every client socket (as a registry restart or a network cut would). */
    cutConnections() {
      for (const socket of sockets) socket.destroy();
    },
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
        roid: `D${++roidCounter}-FAKE`,
        clID: 'other-registrar',
        crDate: daysAgo(400),
        exDate: yearsAhead(1),
        statuses: ['ok'],
        ns: [],
        pw: 'Other-Code-1',
        ...domain,
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
