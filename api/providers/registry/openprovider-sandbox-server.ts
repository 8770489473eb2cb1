/**
 * Serves the Openprovider stand-in (openprovider-sandbox.ts) over HTTP on node:http, so it runs under Node (tests)
 * and Bun alike. Its wholesale prices are the sandbox's defaults: three quarters of content/tlds.csv's retail prices.
 */
import { createServer, type Server } from 'node:http';
import type { Tld } from '../../contract/search/catalogue.ts';
import { createOpenproviderSandbox, type OpenproviderSandbox, type SandboxCost } from './openprovider-sandbox.ts';

/** The sandbox upstream's default wholesale cost of each extension: 75% of the catalogue's retail price. */
export function sandboxCostsFromCatalogue(tlds: readonly Tld[]): Map<string, SandboxCost> {
  const share = (cents: number | undefined) => Math.round((cents ?? 0) * 0.75);
  return new Map(
    tlds.map((tld) => [
      tld.tld,
      {
        register: share(tld.newPricing[0]),
        renew: share(tld.renewPricing[0]),
        transfer: share(tld.transferPricing[0]),
        restore: share(tld.redemptionPricing[0]),
      },
    ]),
  );
}

export type RunningOpenproviderSandbox = { url: string; port: number; sandbox: OpenproviderSandbox; close(): Promise<void> };

export async function startOpenproviderSandbox(options: {
  port?: number;
  username: string;
  password: string;
  costs: Map<string, SandboxCost>;
}): Promise<RunningOpenproviderSandbox> {
  const sandbox = createOpenproviderSandbox(options);
  const server: Server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [key, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(key, value);
    const request = new Request(`http://127.0.0.1${incoming.url}`, {
      method: incoming.method,
      headers,
      body: incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : body,
    });
    const response = await sandbox.fetch(request);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    sandbox,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
