/**
 * The DNS benchmark's servers (dns.ts): `bun api/start.ts` in a process of its own pinned to given CPUs, as `npm start`
 * runs it, with the CPU time and memory it used; and UDP questions to a DNS server, one at a time or as a load.
 */
import { spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as packet from 'dns-packet';
import { freePort } from '../../api/free-port.ts';
import { npmStartEnv } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type Process = {
  pid: number;
  dnsPort: number | null;
  httpPort: number;
  output: () => string;
  rssMb(): number;
  cpuSeconds(): number;
  stop(): Promise<void>;
};

/** CPU time a process has used (user + system, /proc/PID/stat): the fair measure on a machine others share. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim() || 100);
}

function rssMb(pid: number): number {
  const kb = Number(
    spawnSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .stdout.toString()
      .trim(),
  );
  return Math.round(kb / 1024);
}

/** `bun api/start.ts` with `env`, pinned to `cpus`; resolves once its banner is out. */
export async function startProcess(env: Record<string, string>, cpus: string, dataDir: string): Promise<Process> {
  const httpPort = await freePort();
  const proc = Bun.spawn(['taskset', '-c', cpus, process.execPath, 'api/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...npmStartEnv,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SKIP_BUILD: '1',
      TRUSTED_PROXIES: '127.0.0.1',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let text = '';
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += new TextDecoder().decode(value);
    }
  };
  void pump(proc.stdout);
  void pump(proc.stderr);
  const started = performance.now();
  while (!/Press Ctrl-C to stop/.test(text)) {
    if (proc.exitCode !== null) throw new Error(`a server exited during start:\n${text}`);
    if (performance.now() - started > 300_000) throw new Error(`a server did not start within 300 s:\n${text}`);
    await Bun.sleep(20);
  }
  const dnsPort = /built-in authoritative server on port (\d+)/.exec(text)?.[1];
  return {
    pid: proc.pid,
    dnsPort: dnsPort ? Number(dnsPort) : null,
    httpPort,
    output: () => text,
    rssMb: () => rssMb(proc.pid),
    cpuSeconds: () => cpuSeconds(proc.pid),
    async stop() {
      proc.kill('SIGTERM');
      await proc.exited;
    },
  };
}

/** One UDP question; the reply's answer count (-1 on timeout). */
export async function answers(port: number, name: string, type: string, host = '127.0.0.1'): Promise<number> {
  const socket = dgram.createSocket('udp4');
  try {
    return await new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(-1), 500);
      socket.once('message', (reply) => {
        clearTimeout(timer);
        resolve(reply.readUInt16BE(6));
      });
      socket.send(packet.encode({ type: 'query', id: 1, flags: 0, questions: [{ name, type: type as packet.RecordType, class: 'IN' }] }), port, host);
    });
  } finally {
    socket.close();
  }
}

/** Fallback without dnsperf: `clients` UDP sockets, each asking again when answered, for `seconds`. */
export async function loadDns(port: number, name: string, options: { clients?: number; seconds?: number } = {}) {
  const clients = options.clients ?? 50;
  const until = performance.now() + (options.seconds ?? 5) * 1000;
  let answered = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) if ((await answers(port, name, 'A')) > 0) answered += 1;
    }),
  );
  return { qps: answered / ((performance.now() - started) / 1000) };
}
