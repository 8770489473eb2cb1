/**
 * The EPP client and transfers against the fake registry: whether a name can come in, the request with its auth code,
 * refusals and lost answers, the message queue that tells how transfers ended, and answering another registrar's
 * transfer of one of our names (with WHOIS privacy through the registrant's disclose flag).
 */
import { describe, expect, it } from 'vitest';
import { ns } from '../../api/providers/registry/epp-xml.ts';
import { daysAgo, yearsAhead } from './epp-fake-server.ts';
import { contact, tlds, useFakeEppServer } from './epp-test-connection.ts';

const { server, connect } = useFakeEppServer();

describe('EPP transfers', () => {
  it('gives the reason a name cannot be transferred in, or the current registrar when it can', async () => {
    server.addDomain({ name: 'movable.com' });
    server.addDomain({ name: 'locked-away.com', statuses: ['clientTransferProhibited'] });
    server.addDomain({ name: 'server-locked.com', statuses: ['serverTransferProhibited'] });
    server.addDomain({ name: 'brand-new.com', crDate: daysAgo(10) });
    server.addDomain({ name: 'just-moved.com', trDate: daysAgo(20) });
    server.addDomain({ name: 'far-future.com', exDate: yearsAhead(9.5) });
    server.addDomain({ name: 'mine-already.com', clID: server.clID });
    server.addDomain({ name: 'on-its-way.com', statuses: ['pendingTransfer'] });
    const provider = connect();
    const reasons = Object.fromEntries(
      await Promise.all(
        [
          'movable.com',
          'locked-away.com',
          'server-locked.com',
          'brand-new.com',
          'just-moved.com',
          'far-future.com',
          'mine-already.com',
          'on-its-way.com',
          'never-registered.com',
          'odd.xyz',
        ].map(async (name) => [name, (await provider.transferCheck(name, tlds)).reason ?? 'ok'] as const),
      ),
    );
    expect(reasons).toEqual({
      'movable.com': 'ok',
      'locked-away.com': 'locked',
      'server-locked.com': 'locked',
      'brand-new.com': 'too-new',
      'just-moved.com': 'too-new',
      'far-future.com': 'too-far-in-the-future',
      'mine-already.com': 'ours',
      'on-its-way.com': 'pending-transfer',
      'never-registered.com': 'not-registered',
      'odd.xyz': 'unsupported-tld',
    });
    expect(await provider.transferCheck('movable.com', tlds)).toMatchObject({ ok: true, registrarName: 'Other Registrar LLC' });
  });

  it('requests a transfer only with the right auth code', async () => {
    server.addDomain({ name: 'incoming.com', pw: 'Right-Code-9' });
    const provider = connect();
    expect(await provider.requestTransfer({ domain: 'incoming.com', authCode: '' })).toEqual({ status: 'auth-code-needed' });
    expect(await provider.requestTransfer({ domain: 'incoming.com', authCode: 'wrong' })).toEqual({ status: 'auth-code-rejected' });
    expect(await provider.requestTransfer({ domain: 'incoming.com', authCode: 'Right-Code-9' })).toEqual({ status: 'pending' });
    expect(server.state.domains.get('incoming.com')?.statuses).toContain('pendingTransfer');
  });

  it('explains a transfer refused because the losing registrar locked the name', async () => {
    server.addDomain({ name: 'held-tight.com', pw: 'Code-1', statuses: ['clientTransferProhibited'] });
    expect(await connect().requestTransfer({ domain: 'held-tight.com', authCode: 'Code-1' })).toEqual({
      status: 'failed',
      reason:
        'Could not request the transfer of held-tight.com: its status prohibits this operation (it may be locked) (EPP 2304 Object status prohibits operation)',
    });
  });

  it('answers a transfer request whose answer was lost as unknown; info then shows the registry holding it for us', async () => {
    server.addDomain({ name: 'lost-reply.com', pw: 'Code-7' });
    server.addDomain({ name: 'someone-elses.com', statuses: ['pendingTransfer'], transfer: { reID: 'third-registrar', status: 'pending' } });
    const provider = connect();
    server.state.loseAnswerNext = 'transfer-request:domain';
    expect(await provider.requestTransfer({ domain: 'lost-reply.com', authCode: 'Code-7' })).toEqual({
      status: 'unknown',
      reason: 'Could not request the transfer of lost-reply.com: EPP connection to 127.0.0.1 dropped before the registry answered',
    });
    expect(await provider.info('lost-reply.com')).toMatchObject({ ours: false, transferPending: true });
    // A transfer another registrar asked for is not ours to pay for.
    expect(await provider.info('someone-elses.com')).toMatchObject({ ours: false, transferPending: false });
    // Sent once: a mutation is never resent after a drop.
    expect(server.state.received.filter((r) => r.command === 'transfer-request:domain' && r.names[0] === 'lost-reply.com')).toHaveLength(1);
  });
});

describe('EPP message queue', () => {
  it('reads transfer notices oldest first, keeps each until it is acknowledged, and tells ours from notices about names leaving us', async () => {
    const provider = connect();
    server.state.messages.length = 0;
    expect(await provider.pollMessage()).toBeNull();

    server.addDomain({ name: 'arriving.com', pw: 'Code-A', exDate: new Date(Date.UTC(2027, 2, 1)) });
    server.addDomain({ name: 'refused-here.com', pw: 'Code-B' });
    server.addDomain({ name: 'leaving-us.com', clID: server.clID, statuses: ['pendingTransfer'], transfer: { reID: 'other-registrar', status: 'pending' } });
    expect(await provider.requestTransfer({ domain: 'arriving.com', authCode: 'Code-A' })).toEqual({ status: 'pending' });
    expect(await provider.requestTransfer({ domain: 'refused-here.com', authCode: 'Code-B' })).toEqual({ status: 'pending' });
    const approved = server.settleTransfer('arriving.com', 'serverApproved');
    const rejected = server.settleTransfer('refused-here.com', 'clientRejected');
    const away = server.enqueue(
      'Transfer requested.',
      `<domain:trnData xmlns:domain="${ns.domain}"><domain:name>leaving-us.com</domain:name><domain:trStatus>pending</domain:trStatus><domain:reID>other-registrar</domain:reID><domain:reDate>2026-01-10T00:00:00.0Z</domain:reDate><domain:acID>${server.clID}</domain:acID><domain:acDate>2026-01-15T00:00:00.0Z</domain:acDate></domain:trnData>`,
    );
    const notice = server.enqueue('Scheduled maintenance on Sunday.');

    const first = await provider.pollMessage();
    expect(first).toMatchObject({
      id: approved,
      text: 'Transfer completed.',
      transfer: { domain: 'arriving.com', status: 'completed', inbound: true, expireDate: new Date(Date.UTC(2028, 2, 1)) },
    });
    expect(first?.date).toBeInstanceOf(Date);
    // Not acknowledged: the registry hands out the same message again.
    expect((await provider.pollMessage())?.id).toBe(approved);
    await provider.ackMessage(approved);
    expect(await provider.pollMessage()).toMatchObject({ id: rejected, transfer: { domain: 'refused-here.com', status: 'rejected', inbound: true } });
    await provider.ackMessage(rejected);
    // Acknowledging again (a resent ack) is harmless.
    await provider.ackMessage(rejected);
    expect(await provider.pollMessage()).toMatchObject({ id: away, transfer: { domain: 'leaving-us.com', status: 'pending', inbound: false } });
    await provider.ackMessage(away);
    const plain = await provider.pollMessage();
    expect(plain).toMatchObject({ id: notice, text: 'Scheduled maintenance on Sunday.' });
    expect(plain?.transfer).toBeUndefined();
    await provider.ackMessage(notice);
    expect(await provider.pollMessage()).toBeNull();

    const acks = server.state.received.filter((r) => r.command === 'poll-ack');
    expect(acks.map((r) => /msgID="(\d+)"/.exec(r.xml)?.[1])).toEqual([approved, rejected, rejected, away, notice]);
    // After the approval the name is ours at the registry, with the year the transfer added.
    expect(await provider.info('arriving.com')).toMatchObject({ ours: true, expireDate: new Date(Date.UTC(2028, 2, 1)) });
    expect(await provider.info('refused-here.com')).toMatchObject({ ours: false });
  });

  it('asks for the head of the queue again after a dropped connection (reading it changes nothing)', async () => {
    const provider = connect();
    server.state.messages.length = 0;
    const id = server.enqueue('Hello again.');
    const before = server.state.received.filter((r) => r.command === 'poll-req').length;
    server.state.dropNext = 'poll-req';
    expect((await provider.pollMessage())?.id).toBe(id);
    expect(server.state.received.filter((r) => r.command === 'poll-req').length - before).toBe(2);
    await provider.ackMessage(id);
    expect(server.state.messages).toEqual([]);
  });
});

describe('EPP as the losing registrar, and WHOIS privacy', () => {
  it('approves or rejects another registrar’s transfer of one of our names', async () => {
    const provider = connect();
    server.addDomain({ name: 'going-away.com', clID: server.clID, statuses: ['pendingTransfer'], transfer: { reID: 'other-registrar', status: 'pending' } });
    server.addDomain({ name: 'staying-here.com', clID: server.clID, statuses: ['pendingTransfer'], transfer: { reID: 'other-registrar', status: 'pending' } });
    await provider.approveTransfer('going-away.com');
    await provider.rejectTransfer('staying-here.com');
    expect(await provider.info('going-away.com')).toMatchObject({ ours: false });
    expect(await provider.info('staying-here.com')).toMatchObject({ ours: true, statuses: ['ok'] });
    // Nothing pending any more: the registry refuses a second answer.
    await expect(provider.rejectTransfer('staying-here.com')).rejects.toThrow(/not pending transfer/i);
  });

  it('turns WHOIS privacy on and off through the registrant contact’s disclose flag', async () => {
    const provider = connect();
    await provider.register({ domain: 'private-me.com', years: 1, contact, nameservers: [] });
    const registrant = server.state.domains.get('private-me.com')?.registrant ?? '';
    await provider.setWhoisPrivacy('private-me.com', false, contact);
    expect(server.state.contacts.get(registrant)?.disclose).toBe(true);
    await provider.setWhoisPrivacy('private-me.com', true, contact);
    expect(server.state.contacts.get(registrant)?.disclose).toBe(false);
  });
});
