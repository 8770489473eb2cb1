/**
 * Stalwart Mail Server through its management API (`/api/principal`): a hosted domain is a `domain` principal (its
 * `description` names the owner, mailDomainOwner, so one account never takes or removes another's mail), a
 * mailbox an `individual` principal (name and email = the address, our argon2id hash as its secret, which Stalwart
 * verifies as is, and a quota in bytes), a forward a `list` principal whose one external member is the destination.
 * Authenticates with an API key (`Authorization: Bearer api_…`).
 */
import { MailDomainTakenError, MailHostError, type MailHostProvider } from './index.ts';

type StalwartReply = { data?: unknown; error?: string; details?: string; item?: string };

const requestTimeoutMs = 15_000;

export function createStalwartMailHost(options: { url: string; apiKey: string; fetch?: typeof fetch }): MailHostProvider {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call(method: string, path: string, body?: unknown): Promise<StalwartReply> {
    let response: Response;
    try {
      response = await doFetch(`${base}/api/principal${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      throw new MailHostError(`The mail server could not be reached: ${(error as Error).message}`);
    }
    const reply = (await response.json().catch(() => ({}))) as StalwartReply;
    if (response.status === 401 || response.status === 403) throw new MailHostError('The mail server refused our API key (MAILHOST_API_KEY)');
    if (!response.ok && !reply.error) throw new MailHostError(`The mail server answered ${response.status}`);
    return reply;
  }

  function fail(reply: StalwartReply, what: string): never {
    throw new MailHostError(`The mail server refused to ${what}: ${reply.details ?? reply.error}`);
  }

  const principal = (address: string) => `/${encodeURIComponent(address)}`;

  /** The owner recorded on a hosted domain: '' for none, undefined when the domain is not hosted. */
  async function ownerOf(domain: string): Promise<string | undefined> {
    const reply = await call('GET', principal(domain));
    if (reply.error === 'notFound') return undefined;
    if (reply.error) fail(reply, `look up ${domain}`);
    return String((reply.data as { description?: string } | undefined)?.description ?? '');
  }

  async function create(body: Record<string, unknown>, what: string, okIfExists = false) {
    const reply = await call('POST', '', body);
    if (reply.error && !(okIfExists && reply.error === 'fieldAlreadyExists')) fail(reply, what);
  }

  async function remove(name: string, what: string) {
    const reply = await call('DELETE', principal(name));
    if (reply.error && reply.error !== 'notFound') fail(reply, what);
  }

  async function set(address: string, field: string, value: string[] | string, what: string) {
    const reply = await call('PATCH', principal(address), [{ action: 'set', field, value }]);
    if (reply.error) fail(reply, what);
  }

  return {
    name: 'stalwart',
    async addDomain(domain, owner) {
      const reply = await call('POST', '', { type: 'domain', name: domain, description: owner });
      if (!reply.error) return;
      if (reply.error !== 'fieldAlreadyExists') fail(reply, `host ${domain}`);
      const held = await ownerOf(domain);
      if (held === owner) return;
      if (held) throw new MailDomainTakenError(`The mail server hosts ${domain} for another owner`);
      // Hosted before owners were recorded: adopt it.
      await set(domain, 'description', owner, `host ${domain}`);
    },
    async removeDomain(domain, owner) {
      const held = await ownerOf(domain);
      if (held === undefined || (held && held !== owner)) return;
      const reply = await call('GET', `?types=individual,list&filter=${encodeURIComponent(domain)}&fields=name,emails`);
      if (reply.error) fail(reply, `list the addresses of ${domain}`);
      const items = ((reply.data as { items?: { name: string; emails?: string[] | string }[] })?.items ?? []).filter((item) =>
        [item.emails ?? []].flat().some((email) => email.toLowerCase().endsWith(`@${domain}`)),
      );
      for (const item of items) await remove(item.name, `delete ${item.name}`);
      await remove(domain, `stop hosting ${domain}`);
    },
    createMailbox: ({ address, passwordHash, quotaBytes }) =>
      create({ type: 'individual', name: address, emails: [address], secrets: [passwordHash], quota: quotaBytes, roles: ['user'] }, `create ${address}`),
    createForward: ({ address, destination }) =>
      create({ type: 'list', name: address, emails: [address], externalMembers: [destination] }, `create ${address}`),
    setPassword: (address, passwordHash) => set(address, 'secrets', [passwordHash], `change the password of ${address}`),
    setDestination: (address, destination) => set(address, 'externalMembers', [destination], `change where ${address} forwards`),
    deleteAddress: (address) => remove(address, `delete ${address}`),
    async usage(address) {
      const reply = await call('GET', principal(address));
      if (reply.error) fail(reply, `report the usage of ${address}`);
      return Number((reply.data as { usedQuota?: number })?.usedQuota ?? 0);
    },
  };
}
