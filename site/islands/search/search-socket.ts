/** The browser side of /api/ws: request/reply by id, result events, and reconnection when the socket drops. */
import { searchSocketPath, type SearchResultsEvent } from '../../../api/contract/search/domain-search.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type ReplyMessage = { id: number; result?: unknown; error?: { message: string; code: number } };

export class SocketReplyError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export type SearchSocket = {
  request<T>(service: string, params: Record<string, unknown>): Promise<T>;
  /** Called after a dropped socket is open again, so the page can re-run the search it lost. */
  onReconnect(listener: () => void): void;
  onResults(listener: (data: SearchResultsEvent['data']) => void): void;
  close(): void;
};

export function createSearchSocket(): SearchSocket {
  let ws: WebSocket | null = null;
  let opened: Promise<WebSocket> | null = null;
  let nextId = 1;
  let retryMs = 300;
  let closed = false;
  /** Set when a socket closed under us: the next open tells the page, which re-runs an unfinished search. */
  let owesReplay = false;
  const pending = new Map<number, Pending>();
  const resultListeners: ((data: SearchResultsEvent['data']) => void)[] = [];
  const reconnectListeners: (() => void)[] = [];

  const url = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${searchSocketPath}`;

  function connect(): Promise<WebSocket> {
    opened ??= new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url());
      ws = socket;
      socket.addEventListener('open', () => {
        retryMs = 300;
        resolve(socket);
        if (owesReplay) {
          owesReplay = false;
          for (const listener of reconnectListeners) listener();
        }
      });
      socket.addEventListener('message', (event) => {
        let message: ReplyMessage | SearchResultsEvent;
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if ('event' in message) {
          if (message.event === 'domainSearchResults') for (const listener of resultListeners) listener(message.data);
          return;
        }
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if (message.error) waiting.reject(new SocketReplyError(message.error.message, message.error.code));
        else waiting.resolve(message.result);
      });
      socket.addEventListener('close', () => {
        opened = null;
        ws = null;
        for (const waiting of pending.values()) waiting.reject(new SocketReplyError('The connection was lost', 0));
        pending.clear();
        reject(new SocketReplyError('Could not reach the search service', 0));
        if (closed) return;
        owesReplay = true;
        // Reconnect with backoff while the page is open, whether or not a search is running.
        setTimeout(() => {
          if (!closed) connect().catch(() => {});
        }, retryMs);
        retryMs = Math.min(retryMs * 2, 5000);
      });
    });
    return opened;
  }

  return {
    async request<T>(service: string, params: Record<string, unknown>) {
      const socket = ws?.readyState === WebSocket.OPEN ? ws : await connect();
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        socket.send(JSON.stringify({ id, method: 'find', service, params }));
      });
    },
    onReconnect(listener) {
      reconnectListeners.push(listener);
    },
    onResults(listener) {
      resultListeners.push(listener);
    },
    close() {
      closed = true;
      ws?.close();
    },
  };
}
