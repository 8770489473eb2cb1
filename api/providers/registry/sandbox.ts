/**
 * The sandbox registry: deterministic availability and premium prices (sandbox-availability.ts), a Postgres
 * table of registered names with their lifecycle (sandbox-lifecycle.ts) and WHOIS text (sandbox-whois.ts).
 */
import type { Db } from '../../db/client.ts';
import type { RegistryProvider } from './index.ts';
import { createSandboxAvailability, extensionLatencyMs } from './sandbox-availability.ts';
import { createSandboxHosts } from './sandbox-hosts.ts';
import { createSandboxLifecycle } from './sandbox-lifecycle.ts';
import { createSandboxWhois } from './sandbox-whois.ts';

export function createSandboxRegistry(db: Db, options: { latencyMs: number; registrarName: string; defaultNameservers: readonly string[] }): RegistryProvider {
  const availability = createSandboxAvailability(db, options);
  const lifecycle = createSandboxLifecycle(db, options);
  const whois = createSandboxWhois(db, options);
  const hosts = createSandboxHosts(db);
  /**
   * A registration or transfer request takes its extension's answer time too: half on the way to the registry, half
   * on the way back, so a checkout can be cut after the registry acted and before its answer arrived, as over EPP.
   */
  const roundTrip =
    <Input extends { domain: string }, Answer>(command: (input: Input) => Promise<Answer>) =>
    async (input: Input): Promise<Answer> => {
      const halfMs = extensionLatencyMs(input.domain.slice(input.domain.indexOf('.') + 1), options.latencyMs) / 2;
      const travel = () => (halfMs > 0 ? new Promise((resolve) => setTimeout(resolve, halfMs)) : Promise.resolve());
      await travel();
      const answer = await command(input).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      await travel();
      if ('error' in answer) throw answer.error;
      return answer.value;
    };
  return {
    name: 'sandbox',
    defaultNameservers: options.defaultNameservers,
    ...availability,
    ...lifecycle,
    register: roundTrip(lifecycle.register),
    requestTransfer: roundTrip(lifecycle.requestTransfer),
    ...whois,
    ...hosts,
  };
}
