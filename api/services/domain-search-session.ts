/**
 * One search socket's conversation, independent of the transport: fed each incoming text message, it answers
 * through `send` with JSON text. One search at a time: a new search supersedes the previous one, whose late results are dropped.
 */
import { ZodError, z } from 'zod';
import { premiumPageSize, type SocketReply } from '../contract/domain-search.ts';
import { AppError } from '../http/app-error.ts';
import { describeIssues } from '../http/validate.ts';
import type { BotCheckProvider } from '../providers/botcheck/index.ts';
import type { RegistryProvider } from '../providers/registry/index.ts';
import type { Catalogue } from './catalogue.ts';
import { createDomainSearch, type DomainSearch } from './domain-search.ts';

export type SearchSessionDeps = {
  registry: Pick<RegistryProvider, 'checkStreaming'>;
  botCheck: Pick<BotCheckProvider, 'verify'>;
  catalogue: Catalogue;
};

export type SearchSocketSession = {
  handle(text: string): Promise<void>;
  close(): void;
};

export const maxMessageBytes = 4096;

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


export function createSearchSocketSession(deps: SearchSessionDeps, send: (text: string) => void): SearchSocketSession {
  let current: DomainSearch | null = null;
  let latestRequest = 0;
  let closed = false;

  const reply = <T>(message: SocketReply<T>) => {
    if (!closed) send(JSON.stringify(message));
  };
  const fail = (id: number | string | null, code: number, message: string) => reply({ id, error: { code, message } });

  async function search(id: number | string, params: unknown) {
    const request = ++latestRequest;
    // A new search stops the previous one straight away, even before its token is verified.
    current?.cancel();
    current = null;
    const { search: text, token } = domainSearchParamsSchema.parse(params);
    const verdict = await deps.botCheck.verify(token);
    if (!verdict.ok) return fail(id, 400, verdict.message);
    if (request !== latestRequest || closed) return fail(id, 409, 'A newer search replaced this one');
    const next = createDomainSearch(text, deps, (messageJson) => {
      if (current === next && !closed) send(messageJson);
    });
    current = next;
    reply({ id, result: next.session });
    // Availability checks start on the next turn: acknowledgements of searches that arrived meanwhile go out first.
    setImmediate(() => {
      if (current === next) next.start();
    });
  }

  function premium(id: number | string, params: unknown) {
    const { uuid, skip, limit } = premiumParamsSchema.parse(params);
    if (!current || current.session.uuid !== uuid) return fail(id, 404, 'That search has ended. Please search again.');
    reply({ id, result: current.premiumPage(skip, limit) });
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
        if (message.method === 'find' && message.service === 'domainSearch') return await search(message.id, message.params);
        if (message.method === 'find' && message.service === 'domainSearchPremium') return premium(message.id, message.params);
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
