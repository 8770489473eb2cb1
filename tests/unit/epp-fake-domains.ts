/**
 * The domain commands of the fake EPP registry (epp-fake-registry.ts): RFC 5731 check (with RFC 8748 fees), info,
 * create, renew, transfer and update, with RFC 5910 DS data and RFC 3915 restores.
 */
import { childOf, childrenOf, escapeXml, ns, pathOf, textOf, type XmlElement } from '../../api/providers/registry/epp-xml.ts';
import { date, day, type FakeDomain, type FakeRegistry, type FakeRegistryOptions } from './epp-fake-registry.ts';

/** What the domain commands share with the rest of the registry. */
type Registry = Pick<FakeRegistry, 'clID' | 'state' | 'respond' | 'fail'> & { newRoid: () => string };

export function createDomainCommands({ clID, state, respond, fail, newRoid }: Registry, options: FakeRegistryOptions) {
  const standardFee = options.standardFee ?? '12.00';

  function feeFor(name: string, action: string, years: number): { amount: string; premium: boolean } {
    const premium = state.premium.get(name);
    const unit = premium ?? standardFee;
    const cents = Math.round(Number(unit) * 100) * (action === 'create' || action === 'renew' ? years : 1);
    return { amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`, premium: premium !== undefined };
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
        roid: newRoid(),
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

  return { handleDomain };
}
