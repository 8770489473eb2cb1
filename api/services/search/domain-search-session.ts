/**
 * One search socket's conversation, independent of the transport: fed each incoming text message, it answers
 * through `send` with JSON text. One search at a time: a new search supersedes the previous one, whose late results are dropped.
 */
import { ZodError, z } from 'zod';
import { maxMoreNames, premiumPageSize, type SearchMoreReply, type SearchResultsEvent, type SocketReply } from '../../contract/search/domain-search.ts';
import { AppError, describeIssues } from '../../errors.ts';
import type { BotCheckProvider } from '../../providers/botcheck/index.ts';
import type { RegistryProvider } from '../../providers/registry/index.ts';
import type { Catalogue } from './catalogue.ts';
import { createDomainSearch, type DomainSearch } from './domain-search.ts';

export type SearchSessionDeps = {
  registry: Pick<RegistryProvider, 'checkStreaming'>;
  botCheck: Pick<BotCheckProvider, 'verifyStaged'>;
  catalogue: Catalogue;
};

export type SearchSocketSession = {
  handle(text: string): Promise<void>;
  close(): void;
};

export const maxMessageBytes = 4096;
/** Searches one socket may start: a burst of this many, then one per `searchRefillMs` (people type; bots flood). */
export const searchBurst = 10;
const searchRefillMs = 250;
export const tooManySearchesMessage = 'Too many searches at once. Please wait a moment and try again.';

export const socketRequestSchema = z.object({
  id: z.union([z.number(), z.string()]),
  method: z.string(),
  service: z.string(),
  params: z.record(z.string(), z.unknown()).default({}),
});

export const domainSearchParamsSchema = z.object({
  search: z.string({ error: 'search is required' }).max(253, 'The search is too long'),
  token: z.string().optional(),
});

export const premiumParamsSchema = z.object({
  uuid: z.string(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(premiumPageSize),
});

export const moreParamsSchema = z
  .object({
    uuid: z.string(),
    domains: z.array(z.string().max(253)).max(maxMoreNames, `At most ${maxMoreNames} names at once; ask for a whole category by its key`).optional(),
    category: z.string().max(40).optional(),
  })
  .refine((p) => (p.domains === undefined) !== (p.category === undefined), { message: 'Give either domains or a category' });

export function createSearchSocketSession(deps: SearchSessionDeps, send: (text: string) => void): SearchSocketSession {
  let current: DomainSearch | null = null;
  let latestRequest = 0;
  let closed = false;

  const reply = <T>(message: SocketReply<T>) => {
    if (!closed) send(JSON.stringify(message));
  };
  const fail = (id: number | string | null, code: number, message: string) => reply({ id, error: { code, message } });

  let searchAllowance = searchBurst;
  let allowanceAt = performance.now();
  /** A token bucket per socket: acknowledging costs the server work before the token's proof is checked. */
  const takeSearchAllowance = () => {
    const now = performance.now();
    searchAllowance = Math.min(searchBurst, searchAllowance + (now - allowanceAt) / searchRefillMs);
    allowanceAt = now;
    if (searchAllowance < 1) return false;
    searchAllowance -= 1;
    return true;
  };

  /** Whether the current search's token is known to be spent everywhere, so its results may go out. */
  let confirmed = false;

  async function search(id: number | string, params: unknown) {
    const request = ++latestRequest;
    // A new search stops the previous one straight away, even before its token is verified.
    current?.cancel();
    current = null;
    const { search: text, token } = domainSearchParamsSchema.parse(params);
    const verdict = await deps.botCheck.verifyStaged(token);
    if (!verdict.ok) return fail(id, 400, verdict.message);
    if (request !== latestRequest || closed) return fail(id, 409, 'A newer search replaced this one');
    // The acknowledgement holds names only, no availability, so it goes out as soon as the token is well-formed and
    // new here; results wait until its proof is checked and every process knows it is spent.
    let held: string[] | null = [];
    const next = createDomainSearch(text, deps, (messageJson) => {
      if (current !== next || closed) return;
      if (held) held.push(messageJson);
      else send(messageJson);
    });
    current = next;
    confirmed = false;
    reply({ id, result: next.session });
    // Availability checks start on the next turn: acknowledgements of searches that arrived meanwhile go out first.
    setImmediate(() => {
      if (current === next) next.start();
    });
    const refuse = (code: number, message: string) => {
      held = null;
      if (current !== next) return;
      next.cancel();
      current = null;
      const refusal: SearchResultsEvent = {
        event: 'domainSearchResults',
        data: { uuid: next.session.uuid, results: [], pending: 0, done: true, error: { code, message } },
      };
      if (!closed) send(JSON.stringify(refusal));
    };
    verdict.spent.then(
      (spent) => {
        if (!spent.ok) return refuse(400, spent.message);
        const waiting = held ?? [];
        held = null;
        if (current !== next) return;
        confirmed = true;
        for (const message of waiting) if (!closed) send(message);
      },
      (error) => {
        console.error('Recording a spent bot-check token failed:', error);
        refuse(503, 'Search is unavailable right now. Please try again in a moment.');
      },
    );
  }

  function premium(id: number | string, params: unknown) {
    const { uuid, skip, limit } = premiumParamsSchema.parse(params);
    if (!current || current.session.uuid !== uuid) return fail(id, 404, 'That search has ended. Please search again.');
    if (!confirmed) return fail(id, 409, 'That search has no results yet.');
    reply({ id, result: current.premiumPage(skip, limit) });
  }

  /** Names the visitor reached: rows on screen are checked ahead of everyone's long tail, a whole category behind it. */
  function more(id: number | string, params: unknown) {
    const { uuid, domains, category } = moreParamsSchema.parse(params);
    if (!current || current.session.uuid !== uuid) return fail(id, 404, 'That search has ended. Please search again.');
    let names = domains;
    if (category !== undefined) {
      names = current.session.domainsByCategory[category];
      if (!names) return fail(id, 400, `There is no category ${category}`);
    }
    const checking = current.more(names ?? [], category === undefined ? 'first' : 'tail');
    reply<SearchMoreReply>({ id, result: { uuid, checking } });
  }

  return {
    async handle(text) {
      if (closed) return;
      let id: number | string | null = null;
      try {
        if (text.length > maxMessageBytes) throw new AppError(413, 'The message is too large');
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          throw new AppError(400, 'Messages must be JSON');
        }
        const candidateId = (raw as { id?: unknown })?.id;
        if (typeof candidateId === 'number' || typeof candidateId === 'string') id = candidateId;
        const message = socketRequestSchema.parse(raw);
        if (message.method === 'find' && message.service === 'domainSearch') {
          if (!takeSearchAllowance()) throw new AppError(429, tooManySearchesMessage);
          return await search(message.id, message.params);
        }
        if (message.method === 'find' && message.service === 'domainSearchPremium') return premium(message.id, message.params);
        if (message.method === 'find' && message.service === 'domainSearchMore') return more(message.id, message.params);
        throw new AppError(404, `Unknown call ${message.method} ${message.service}`);
      } catch (error) {
        if (error instanceof AppError) return fail(id, error.code, error.message);
        if (error instanceof ZodError) return fail(id, 400, describeIssues(error));
        console.error('Search socket message failed:', error);
        return fail(id, 500, 'An error occurred while processing your request');
      }
    },
    close() {
      closed = true;
      current?.cancel();
      current = null;
    },
  };
}
