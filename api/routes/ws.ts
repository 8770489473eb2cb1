/** GET /api/ws: the domain-search WebSocket (DESIGN.md "Domain search"); the conversation lives in domain-search-session.ts. */
import { Hono } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';
import { isCrossSite } from '../http/origin-check.ts';
import { catalogue } from '../services/search/catalogue.ts';
import { createSearchSocketSession, maxMessageBytes, type SearchSocketSession } from '../services/search/domain-search-session.ts';

// hono/bun touches the Bun global when imported, so it is loaded on the first upgrade: the app still imports on Node (vitest).
let bunAdapter: Promise<typeof import('hono/bun')> | undefined;

export const wsRoutes = new Hono<AppEnv>().get('/', async (c, next) => {
  // A page elsewhere may open a socket to us with the visitor's cookies; browsers always say where it came from.
  if (isCrossSite(c.var.deps.config, { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') })) {
    throw new AppError(403, 'Cross-site WebSocket connections are not allowed');
  }
  if (typeof Bun === 'undefined') return c.json({ name: 'NotImplemented', message: 'The search socket needs the Bun server', code: 501 }, 501);
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    return c.json({ name: 'BadRequest', message: 'Connect with a WebSocket client', code: 426 }, 426);
  }
  bunAdapter ??= import('hono/bun');
  const { upgradeWebSocket } = await bunAdapter;
  const { providers } = c.var.deps;
  const handler = upgradeWebSocket(() => {
    let session: SearchSocketSession | null = null;
    return {
      onOpen(_event, ws) {
        session = createSearchSocketSession({ registry: providers.registry, botCheck: providers.botCheck, catalogue: catalogue() }, (text) => {
          if (ws.readyState === 1) ws.send(text);
        });
      },
      onMessage(event, ws) {
        const text = typeof event.data === 'string' ? event.data : '';
        if (text.length > maxMessageBytes * 4) return ws.close(1009, 'Message too large');
        void session?.handle(text);
      },
      onClose() {
        session?.close();
        session = null;
      },
    };
  });
  return handler(c, next);
});
