/**
 * Sandbox mode only: the outbox, so a tester can read SMS codes and reset links, and another registrar asking for a
 * transfer away. 404 once any provider is real.
 */
import { Hono } from 'hono';
import { notFound } from '../errors.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { readOutbox, readOutboxMessage } from '../services/platform/messages.ts';
import { simulatedTransferSchema } from '../contract/selling/for-sale-offer.ts';
import { parseBody } from '../http/validate.ts';
import { simulateTransferRequest } from '../services/transfers/outbound-transfers.ts';
import { refuseTransferOfHeldName } from '../services/journal/held-transfer-refusal.ts';
import { runningSandboxEpp, sandboxRegistryStates, setSandboxRegistryDown } from '../providers/registry/sandbox-epp/control.ts';
import { z } from 'zod';

const registryStateSchema = z.object({ down: z.boolean() });

export const devRoutes = new Hono<AppEnv>()
  .get('/outbox', async (c) => {
    if (!c.var.deps.config.sandboxMode) throw notFound();
    const rows = await readOutbox(c.var.deps.db);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /dev/outbox', { data: rows });
  })
  // A relayed message byte for byte (RFC 5322 as sent), its envelope sender in a header of the answer.
  .get('/outbox/:id/raw', async (c) => {
    if (!c.var.deps.config.sandboxMode) throw notFound();
    const id = Number(c.req.param('id'));
    const message = Number.isSafeInteger(id) && id > 0 ? await readOutboxMessage(c.var.deps.db, id) : null;
    if (!message) throw notFound();
    c.header('Cache-Control', 'no-store');
    c.header('X-Envelope-From', `<${message.envelopeFrom}>`);
    c.header('Content-Disposition', `inline; filename="message-${id}.eml"`);
    return c.body(new Uint8Array(message.raw), 200, { 'Content-Type': 'message/rfc822' });
  })
  // Another registrar asks the sandbox registry for one of our names with its auth code (a transfer away).
  .post('/outboundTransfers', async (c) => {
    if (!c.var.deps.config.sandboxMode) throw notFound();
    const input = await parseBody(c, simulatedTransferSchema);
    return c.json(await simulateTransferRequest(c.var.deps, input, refuseTransferOfHeldName));
  })
  // The simulated registries of the sandbox EPP server, their logins, and which are stopped.
  .get('/sandboxRegistries', async (c) => {
    if (!c.var.deps.config.sandboxMode) throw notFound();
    const server = runningSandboxEpp();
    c.header('Cache-Control', 'no-store');
    return c.json({ server: server ? { host: server.host, port: server.port } : null, data: await sandboxRegistryStates(c.var.deps.db) });
  })
  // Stops ({"down": true}) or starts one simulated registry: stopped, its logins are refused and its sessions dropped.
  .post('/sandboxRegistries/:name', async (c) => {
    if (!c.var.deps.config.sandboxMode) throw notFound();
    const { down } = await parseBody(c, registryStateSchema);
    const name = c.req.param('name');
    const known = await sandboxRegistryStates(c.var.deps.db);
    if (!known.some((registry) => registry.name === name)) throw notFound(`No sandbox registry is named ${name}`);
    await setSandboxRegistryDown(c.var.deps.db, name, down);
    return c.json({ name, down });
  });
