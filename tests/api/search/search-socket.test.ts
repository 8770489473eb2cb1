/** The real /api/ws socket: the Bun server in a child process, spoken to with the standard WebSocket client. */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../fixtures/server-process.ts';

let server: ServerProcess;
let base = '';

beforeAll(async () => {
  server = await startServerProcess({ BOT_CHECK_DIFFICULTY: '1', SANDBOX_REGISTRY_LATENCY_MS: '20' });
  base = `127.0.0.1:${server.port}`;
}, 60_000);

afterAll(() => server?.stop());

async function botToken(): Promise<string> {
  const body = await (await fetch(`http://${base}/api/botCheck`)).json();
  const solution = await solveChallenge({ challenge: body.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString('base64');
}

function connect(): Promise<{ ws: WebSocket; messages: any[]; next: (predicate: (m: any) => boolean) => Promise<any> }> {
  const ws = new WebSocket(`ws://${base}/api/ws`);
  const messages: any[] = [];
  const listeners: (() => void)[] = [];
  ws.addEventListener('message', (event) => {
    messages.push(JSON.parse(String(event.data)));
    for (const l of listeners.splice(0)) l();
  });
  const next = (predicate: (m: any) => boolean) =>
    new Promise<any>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('no such message')), 10_000);
      const look = () => {
        const found = messages.find(predicate);
        if (found) {
          clearTimeout(timeout);
          resolve(found);
        } else listeners.push(look);
      };
      look();
    });
  return new Promise((resolve, reject) => {
    ws.addEventListener('open', () => resolve({ ws, messages, next }));
    ws.addEventListener('error', () => reject(new Error('could not connect')));
  });
}

describe('the /api/ws socket', () => {
  it('searches with a bot-check token and streams results to the end', async () => {
    const { ws, next, messages } = await connect();
    ws.send(JSON.stringify({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'socket test name', token: await botToken() } }));
    const ack = await next((m) => m.id === 1);
    expect(ack.result).toMatchObject({ search: 'sockettestname', exact: 'sockettestname.com' });
    await next((m) => m.event === 'domainSearchResults' && m.data.done);
    const results = messages.filter((m) => m.event).flatMap((m) => m.data.results);
    expect(results[0].domain).toBe('sockettestname.com');
    // The first screen first; the rest when the visitor opens it (here every name, as "Show all" of All does).
    expect(results).toHaveLength(ack.result.firstScreen.length);
    ws.send(JSON.stringify({ id: 2, method: 'find', service: 'domainSearchMore', params: { uuid: ack.result.uuid, category: 'all' } }));
    const reply = await next((m) => m.id === 2);
    expect(reply.result.checking).toBe(ack.result.candidateCount - ack.result.firstScreen.length);
    await next((m) => m.event === 'domainSearchResults' && m.data.done && messages.indexOf(m) > messages.indexOf(reply));
    expect(messages.filter((m) => m.event).flatMap((m) => m.data.results)).toHaveLength(ack.result.candidateCount);
    ws.close();
  });

  it('refuses a search without a token with an error reply', async () => {
    const { ws, next } = await connect();
    ws.send(JSON.stringify({ id: 5, method: 'find', service: 'domainSearch', params: { search: 'bluebottle' } }));
    expect(await next((m) => m.id === 5)).toEqual({ id: 5, error: { code: 400, message: 'Human verification is required. Please try again.' } });
    ws.close();
  });

  it('keeps serving after a client hangs up mid-search', async () => {
    const first = await connect();
    first.ws.send(JSON.stringify({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'hangupname', token: await botToken() } }));
    await first.next((m) => m.id === 1);
    first.ws.close();
    const second = await connect();
    second.ws.send(JSON.stringify({ id: 2, method: 'find', service: 'domainSearch', params: { search: 'afterhangup', token: await botToken() } }));
    await second.next((m) => m.event === 'domainSearchResults' && m.data.done);
    second.ws.close();
  });

  it('answers a plain HTTP request to the socket path with a clear error', async () => {
    const response = await fetch(`http://${base}/api/ws`);
    expect(response.status).toBe(426);
    expect((await response.json()).message).toBe('Connect with a WebSocket client');
  });
});
