/** What the product and the sandbox registry's process (child.ts) say to each other over IPC. */
import path from 'node:path';
import type { Config } from '../../../config.ts';

export type FromParent = { kind: 'set-registry'; id: number; name: string; down: boolean } | { kind: 'stop' };

export type ToParent =
  | { kind: 'ready'; port: number; host: string; ca: string; certPath: string }
  | { kind: 'failed'; message: string }
  | { kind: 'registry-set'; id: number; error?: string };

/** Where the sandbox EPP server keeps its self-signed certificate. */
export const sandboxCertDir = (config: Pick<Config, 'DATA_DIR'>) => path.join(path.resolve(config.DATA_DIR), 'sandbox-epp');
