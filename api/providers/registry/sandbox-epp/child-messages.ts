/** What the product and the sandbox registry's process (child.ts) say to each other over IPC. */

export type FromParent = { kind: 'set-registry'; id: number; name: string; down: boolean } | { kind: 'stop' };

export type ToParent =
  | { kind: 'ready'; port: number; host: string; ca: string; certPath: string }
  | { kind: 'failed'; message: string }
  | { kind: 'registry-set'; id: number; error?: string };
