/** One client connection to the sandbox EPP server: who logged in, as which registry, with which extensions. */
import type tls from 'node:tls';
import type { SimulatedRegistry } from './registries.ts';

export type Session = {
  socket: tls.TLSSocket;
  registry: SimulatedRegistry | null;
  clientId: string;
  extURIs: Set<string>;
  /** Wrong passwords in a row on this connection. */
  failures: number;
};
