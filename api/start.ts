/** `npm start`: build what is missing, start the database, migrate, seed, serve everything on one port. */
import { buildWhatIsMissing } from './build.ts';
import { describeProviders } from './providers/index.ts';
import { StartupError, startRuntime } from './runtime.ts';
import { serve } from './server.ts';

process.env.NODE_ENV ??= 'production';
const started = performance.now();

function fail(message: string): never {
  console.error(`\nDotspot could not start: ${message}\n`);
  process.exit(1);
}

try {
  await buildWhatIsMissing();
} catch (error) {
  fail((error as Error).message);
}

const runtime = await startRuntime().catch((error) => {
  if (error instanceof StartupError) fail(error.message);
  throw error;
});
const { config } = runtime;

let server: ReturnType<typeof serve>;
try {
  server = serve(runtime.deps, config.PORT, config.HOST);
} catch (error) {
  await runtime.stop();
  const code = (error as { code?: string }).code;
  fail(
    code === 'EADDRINUSE'
      ? `port ${config.PORT} is already in use. Stop the other program or choose another port: PORT=3001 npm start`
      : (error as Error).message,
  );
}

const url = config.PUBLIC_URL ? config.publicOrigin : `http://localhost:${server.port}`;
const { demo } = runtime;
console.log(
  [
    '',
    `Dotspot is running at ${url}  (ready in ${Math.round(performance.now() - started)} ms)`,
    `  Database:   ${runtime.embedded ? `embedded PostgreSQL in ${runtime.embedded.dir}` : 'DATABASE_URL'}`,
    `  Providers:  ${describeProviders(runtime.deps.providers)}${config.sandboxMode ? '  (sandbox mode)' : ''}`,
    ...(demo
      ? [
          `  Demo login: ${demo.email} / ${demo.password}`,
          `  Demo TOTP secret (add to an authenticator app): ${demo.totpSecret}`,
          `  Sandbox SMS codes and emails: ${url}/dev/outbox`,
        ]
      : []),
    'Press Ctrl-C to stop.',
  ].join('\n'),
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the server and the database...`);
  server.stop(true);
  await runtime.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
