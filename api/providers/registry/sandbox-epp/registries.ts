/**
 * The simulated registries the sandbox EPP server plays, each with its own login and extensions, and which of them
 * serves a name. One of them may serve every extension the others do not name ('*').
 */

export type SimulatedRegistry = {
  /** Short name, used in logs, the dev route and `npm run admin -- sandbox-registry stop NAME`. */
  name: string;
  /** Login (EPP clID) and password of the registrar account at this registry. */
  clientId: string;
  password: string;
  /** Extensions served, without the dot ('co.uk' for a second-level one), or '*' for every extension no other registry names. */
  extensions: string[] | '*';
  /** 'none': a thin registry (as .com and .net are): no contact objects, and a create that names contacts is refused. */
  contacts: 'required' | 'none';
};

/** The sandbox's default registries (the same passwords for every sandbox install: it only ever listens on loopback). */
export const defaultSandboxRegistries: SimulatedRegistry[] = [
  { name: 'verisign-sim', clientId: 'dotspot-vrsn', password: 'sandbox-vrsn-1', extensions: ['com', 'net'], contacts: 'none' },
  { name: 'pir-sim', clientId: 'dotspot-pir', password: 'sandbox-pir-1', extensions: ['org'], contacts: 'required' },
  {
    name: 'centralnic-sim',
    clientId: 'dotspot-cnic',
    password: 'sandbox-cnic-1',
    extensions: ['xyz', 'online', 'site', 'store', 'tech'],
    contacts: 'required',
  },
  { name: 'identity-digital-sim', clientId: 'dotspot-idig', password: 'sandbox-idig-1', extensions: '*', contacts: 'required' },
];

/** The extension of a name as registries split it: everything after the first label. */
export function extensionOf(domain: string): string {
  const dot = domain.indexOf('.');
  return dot === -1 ? '' : domain.slice(dot + 1).toLowerCase();
}

export type RegistryRouter = {
  /** The registry that serves this name's extension, or null when none does. */
  forDomain(domain: string): SimulatedRegistry | null;
  /** The extensions another registry names explicitly (what a '*' registry does not serve). */
  readonly named: ReadonlySet<string>;
};

export function createRegistryRouter(registries: readonly SimulatedRegistry[]): RegistryRouter {
  const byExtension = new Map<string, SimulatedRegistry>();
  for (const registry of registries) {
    if (registry.extensions === '*') continue;
    for (const extension of registry.extensions) {
      const key = extension.toLowerCase().replace(/^\./, '');
      const other = byExtension.get(key);
      if (other) throw new Error(`Sandbox registries ${other.name} and ${registry.name} both serve .${key}`);
      byExtension.set(key, registry);
    }
  }
  const wildcards = registries.filter((registry) => registry.extensions === '*');
  if (wildcards.length > 1) throw new Error(`Only one sandbox registry may serve every other extension ('*'): ${wildcards.map((r) => r.name).join(', ')}`);
  const names = new Set<string>();
  for (const registry of registries) {
    if (names.has(registry.name) || names.has(registry.clientId)) throw new Error(`Sandbox registry ${registry.name} is named twice`);
    names.add(registry.name);
  }
  return {
    forDomain: (domain) => byExtension.get(extensionOf(domain)) ?? wildcards[0] ?? null,
    named: new Set(byExtension.keys()),
  };
}

/** Whether a registry serves this extension (given the router that knows the others). */
export function serves(router: RegistryRouter, registry: SimulatedRegistry, domain: string): boolean {
  return router.forDomain(domain) === registry;
}
