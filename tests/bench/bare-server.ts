/** The machine's limit for comparison: a bare Bun.serve answering fixed bytes (argv: port, then path=file pairs). */
import { readFileSync } from 'node:fs';

const [portArg, ...routes] = process.argv.slice(2);
const bodies = new Map(routes.map((pair) => {
  const [path, file] = pair.split('=');
  return [path, readFileSync(file)] as const;
}));
const server = Bun.serve({
  port: Number(portArg),
  hostname: '127.0.0.1',
  fetch(request) {
    const body = bodies.get(new URL(request.url).pathname);
    return body ? new Response(body, { headers: { 'content-type': 'application/json' } }) : new Response('not found', { status: 404 });
  },
});
console.log(`bare server on ${server.port}`);
