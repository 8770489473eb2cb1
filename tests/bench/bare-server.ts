/**
 * The floor our API is measured against: a bare Bun.serve with no framework, middleware or pricing.
 * argv: port, database URL, the tlds answer's file. `/tlds` answers those fixed bytes (the catalogue is in memory in
 * our server too); `/cart` runs the three queries GET /api/carts/0?$relations[]=cartItems runs for a visitor (the
 * cart by its cookie's hash, then its items and its cards together) and answers their rows as JSON. So the ratio of
 * our figures to these is our own overhead, not PostgreSQL's.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';

const [portArg, databaseUrl, tldsFile] = process.argv.slice(2);
const tlds = readFileSync(tldsFile);
// The same driver and pool size as the server (api/db/client.ts); postgres.js prepares each statement once per connection.
const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });

function cartToken(request: Request): string | undefined {
  return /(?:^|;\s*)ds_cart=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
}

async function answerCart(request: Request): Promise<Response> {
  const token = cartToken(request);
  const hash = token ? createHash('sha256').update(token).digest('hex') : '';
  const [cart] = await sql`select * from carts where anon_token_hash = ${hash} and status = 'active' limit 1`;
  if (!cart) return Response.json({ cartId: 0, cartItems: [] });
  const [items, cards] = await Promise.all([
    sql`select * from cart_items where cart_id = ${cart.cart_id} and status = 'active' order by cart_item_id`,
    sql`select * from payment_methods where cart_id = ${cart.cart_id} and status = 'active' order by is_default desc, payment_method_id`,
  ]);
  return Response.json({ ...cart, cartItems: items, $paymentMethods: cards });
}

const server = Bun.serve({
  port: Number(portArg),
  hostname: '127.0.0.1',
  fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/tlds') return new Response(tlds, { headers: { 'content-type': 'application/json' } });
    if (pathname === '/cart') return answerCart(request);
    return new Response('not found', { status: 404 });
  },
});
console.log(`bare server on ${server.port}`);
