/**
 * DNS benchmark: queries per second and p99 latency at 50 concurrent UDP clients against the built-in authoritative
 * server of `npm start`'s server (a seeded demo zone, answered from its zone cache), beside the same load on a bare
 * dns-packet server answering one fixed record (tests/bench/dns-bare-server.ts); the ratio is our own overhead.
 * Runs alone (`bun tests/bench/dns.ts`) or from `npm run bench`. BENCH_DNS_SECONDS sets each run's length (default 5).
 */
import dgram from 'node:dgram';
import * as packet from 'dns-packet';
import { freePort } from '../../api/db/client.ts';
import { startServer } from './server-process.ts';

type LoadResult = { queries: number; errors: number; qps: number; p50: number; p99: number };

/** `clients` sockets, each sending its next query when the previous answer came (or after a 1 s timeout). */
export async function loadDns(port: number, name: string, options: { clients?: number; seconds?: number } = {}): Promise<LoadResult> {
  const clients = options.clients ?? 50;
  const until = performance.now() + (options.seconds ?? 5) * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const socket = dgram.createSocket('udp4');
      await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
      let id = index * 1000;
      while (performance.now() < until) {
        id = (id + 1) & 0xffff;
        const query = packet.encode({ id, type: 'query', flags: 0, questions: [{ type: 'A', name }] });
        const sent = performance.now();
        const ok = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            socket.off('message', onMessage);
            resolve(false);
          }, 1000);
          function onMessage(message: Buffer) {
            if (message.readUInt16BE(0) !== id) return;
            clearTimeout(timer);
            socket.off('message', onMessage);
            resolve(packet.decode(message).answers?.length === 1);
          }
          socket.on('message', onMessage);
          socket.send(query, port, '127.0.0.1');
        });
        if (ok) latencies.push(performance.now() - sent);
        else errors += 1;
      }
      socket.close();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { queries: latencies.length, errors, qps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function startBareServer(): Promise<{ port: number; stop(): void }> {
  const proc = Bun.spawn(['bun', `${import.meta.dirname}/dns-bare-server.ts`], { stdout: 'pipe', stderr: 'inherit' });
  const reader = proc.stdout.getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the bare DNS server exited');
    text += new TextDecoder().decode(value);
  }
  return { port: Number(text.trim()), stop: () => proc.kill() };
}

const format = (r: LoadResult) => `${Math.round(r.qps).toLocaleString('en-US').padStart(7)} q/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  errors ${r.errors}`;

export async function runDnsBench(): Promise<void> {
  const seconds = Number(process.env.BENCH_DNS_SECONDS ?? 5);
  const dnsPort = await freePort();
  const server = await startServer({ DNS_PORT: String(dnsPort) });
  const bare = await startBareServer();
  try {
    // Warm both (our zone cache, the JIT) before measuring.
    await loadDns(dnsPort, 'brightbeancoffee.com', { seconds: 1 });
    await loadDns(bare.port, 'brightbeancoffee.com', { seconds: 1 });
    const ours = await loadDns(dnsPort, 'brightbeancoffee.com', { seconds });
    const baseline = await loadDns(bare.port, 'brightbeancoffee.com', { seconds });
    console.log(`DNS, 50 concurrent UDP clients, ${seconds} s each, A brightbeancoffee.com:`);
    console.log(`  built-in server (npm start)   ${format(ours)}`);
    console.log(`  bare dns-packet, fixed record ${format(baseline)}`);
    console.log(`  ratio: ${(ours.qps / baseline.qps).toFixed(2)} of the bare server's throughput; p99 ${(ours.p99 / baseline.p99).toFixed(2)}x`);
  } finally {
    bare.stop();
    await server.stop();
  }
}

if (import.meta.main) await runDnsBench();
