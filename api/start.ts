/**
 * `npm start`: build what is missing, start the database, migrate, seed, serve everything on one port, answer DNS and
 * run the jobs. ROLE=web serves without working jobs or DNS; ROLE=worker works jobs and ROLE=dns answers DNS, each
 * answering only /api/health and /api/ready on PORT.
 */
import { buildWhatIsMissing } from './build.ts';
import { loadConfig } from './config.ts';
import { type MailReceiver, startMailReceiver } from './mail-receiver.ts';
import { describeProviders } from './providers/index.ts';
import { watchCatalogue } from './services/search/catalogue.ts';
import { isSandboxMailHost } from './providers/mailhost/sandbox.ts';
import { describeSandboxEpp } from './providers/registry/sandbox-epp/start.ts';
import { runsWorker } from './jobs/queue.ts';
import { StartupError, startRuntime } from './runtime.ts';
import { serve, serveHealth } from './server.ts';
import { type DnsServer, startDnsServer } from './services/dns/served-zones.ts';
import { syncAllZones } from './services/dns/zone.ts';

process.env.NODE_ENV ??= 'production';
const started = performance.now();

function fail(message: string): never {
  console.error(`\nDotspot could not start: ${message}\n`);
  process.exit(1);
}

try {
  const { ROLE, SKIP_BUILD } = loadConfig();
  // Workers and DNS processes serve no pages; SKIP_BUILD leaves building to one process (or the image) when several start together.
  if ((ROLE === 'all' || ROLE === 'web') && !SKIP_BUILD) await buildWhatIsMissing();
} catch (error) {
  fail((error as Error).message);
}

const runtime = await startRuntime().catch((error) => {
  if (error instanceof StartupError) fail(error.message);
  throw error;
});
const { config } = runtime;
if (config.WATCH_CONTENT) watchCatalogue();

const probesOnly = config.ROLE === 'worker' || config.ROLE === 'dns';
let server: Pick<ReturnType<typeof serve>, 'port' | 'stop'>;
try {
  server = probesOnly ? serveHealth(runtime.deps, config.PORT, config.HOST) : serve(runtime.deps, config.PORT, config.HOST);
} catch (error) {
  await runtime.stop();
  const code = (error as { code?: string }).code;
  fail(
    code === 'EADDRINUSE'
      ? `port ${config.PORT} is already in use. Stop the other program or choose another port: PORT=3001 npm start`
      : (error as Error).message,
  );
}

// DNS is answered by ROLE=dns processes (and ROLE=all, the one-command start), never by ROLE=web: a flood of queries
// must not slow the site. Zones are (re)published where jobs run.
let dnsLine = config.ROLE === 'web' ? '  DNS:        answered by ROLE=dns processes, not here' : '  DNS:        off (DNS_PORT=0)';
let dnsServer: DnsServer | null = null;
if (config.PDNS_API_URL && config.ROLE !== 'dns') dnsLine = `  DNS:        PowerDNS at ${config.PDNS_API_URL}`;
else if (config.ROLE === 'all' || config.ROLE === 'dns') {
  try {
    dnsServer = await startDnsServer(runtime.deps);
    if (dnsServer) {
      const { port, loaded } = dnsServer;
      dnsLine = `  DNS:        built-in authoritative server on port ${port} (UDP and TCP), ${loaded.zones} zones loaded in ${loaded.ms} ms (heap ${loaded.heapMb} MB), e.g. dig @127.0.0.1 -p ${port} brightbeancoffee.com`;
      if (config.DNS_SECONDARIES.length)
        dnsLine += `\n              secondaries (AXFR, NOTIFY): ${config.DNS_SECONDARIES.map((s) => `${s.address}:${s.port}`).join(', ')}`;
    }
  } catch (error) {
    server.stop(true);
    await runtime.stop();
    const code = (error as { code?: string }).code;
    fail(
      code === 'EADDRINUSE'
        ? `DNS port ${config.DNS_PORT} is already in use. Choose another (DNS_PORT=5353), or DNS_PORT=0 to turn the built-in DNS server off`
        : (error as Error).message,
    );
  }
}
// Stopped between zones at shutdown, and waited for before the database closes.
const zoneSyncStop = new AbortController();
const zoneSync = runsWorker(config.ROLE)
  ? syncAllZones(runtime.deps, zoneSyncStop.signal).catch((error) => console.error('Publishing DNS zones failed:', error))
  : Promise.resolve();
// The sandbox mail host's inbound SMTP (a real mail host receives its own mail). SMTP_PORT=0 turns it off.
let mailReceiver: MailReceiver | null = null;
const { mailHost } = runtime.deps.providers;
if (!probesOnly && config.SMTP_PORT !== 0 && isSandboxMailHost(mailHost)) {
  try {
    mailReceiver = await startMailReceiver(runtime.deps, mailHost, { port: config.SMTP_PORT ?? 0, host: config.SMTP_HOST });
  } catch (error) {
    server.stop(true);
    zoneSyncStop.abort();
    await zoneSync;
    await dnsServer?.stop();
    await runtime.stop();
    fail(
      `the SMTP receiver could not listen on port ${config.SMTP_PORT}: ${(error as Error).message}. Choose another (SMTP_PORT=2525) or turn it off (SMTP_PORT=0)`,
    );
  }
}

const url = config.PUBLIC_URL ? config.publicOrigin : `http://localhost:${server.port}`;
const { demo } = runtime;
const readyIn = `ready in ${Math.round(performance.now() - started)} ms`;
const jobsSummary = `  Jobs (${config.ROLE === 'web' ? 'sent from here, worked by ROLE=worker processes' : 'worked here, schedules run here'}):
${runtime.jobs
  .describe()
  .map((line) => `    ${line}`)
  .join('\n')}`;
const database = `  Database:   ${runtime.embedded ? `embedded PostgreSQL in ${runtime.embedded.dir}` : 'DATABASE_URL'}`;
console.log(
  config.ROLE === 'worker'
    ? [
        '',
        `Dotspot worker is running (ROLE=worker, ${readyIn}); http://localhost:${server.port}/api/health and /api/ready only`,
        database,
        jobsSummary,
        'Press Ctrl-C to stop.',
      ].join('\n')
    : config.ROLE === 'dns'
      ? [
          '',
          `Dotspot DNS is running (ROLE=dns, ${readyIn}); http://localhost:${server.port}/api/health and /api/ready only`,
          database,
          dnsLine,
          'Press Ctrl-C to stop.',
        ].join('\n')
      : [
          '',
          `Dotspot is running at ${url}  (ROLE=${config.ROLE}, ${readyIn})`,
          database,
          `  Providers:  ${describeProviders(runtime.deps.providers)}${config.sandboxMode ? '  (sandbox mode)' : ''}`,
          dnsLine,
          ...(mailReceiver ? [`  SMTP receiver (mail for forwards and mailboxes): ${config.SMTP_HOST}:${mailReceiver.port}`] : []),
          ...(runtime.sandboxEpp ? describeSandboxEpp(runtime.sandboxEpp) : []),
          ...(demo
            ? [
                `  Demo login: ${demo.email} / ${demo.password}`,
                `  Demo TOTP secret (add to an authenticator app): ${demo.totpSecret}`,
                `  Sandbox SMS codes and emails: ${url}/dev/outbox`,
              ]
            : []),
          jobsSummary,
          'Press Ctrl-C to stop.',
        ].join('\n'),
);

/**
 * The one way down: stop taking requests, stop publishing zones and following zone changes (after the zone in hand),
 * stop answering DNS (queries in flight answered), let running jobs finish, close the providers (their pending
 * writes), close the database, stop the embedded cluster (runtime.stop). The embedded cluster's own signal handlers are gone
 * (api/db/client.ts), so nothing stops the database under a job still running. A second signal gives up waiting.
 */
let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) {
    console.log(`\n${signal} again: stopping now, without waiting for running jobs.`);
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping the server, letting running jobs finish, then stopping the database...`);
  server.stop(true);
  zoneSyncStop.abort();
  try {
    await zoneSync;
    await dnsServer?.stop();
    await mailReceiver?.close();
    await runtime.stop();
  } catch (error) {
    console.error('Dotspot did not stop cleanly:', error);
    process.exit(1);
  }
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
