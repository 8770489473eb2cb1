/** <login> at the sandbox EPP server: which simulated registry a session speaks for, with its password (and newPW). */
import { childOf, childrenOf, ns, textOf, type XmlElement } from '../epp-xml.ts';
import { extensionUris, objectUris, refuse, type Reply } from './frames.ts';
import type { SimulatedRegistry } from './registries.ts';
import type { Session } from './session.ts';

/** Wrong passwords on one connection before the server closes it. */
const maxFailures = 3;

export function login(
  session: Session,
  element: XmlElement,
  world: {
    registries: readonly SimulatedRegistry[];
    /** Current passwords by registry name (a login with newPW changes it until the server restarts). */
    passwords: Map<string, string>;
    isDown(name: string): boolean;
    sessions: ReadonlySet<Session>;
  },
): Reply {
  if (session.registry) return refuse(2002, 'Already logged in');
  const clID = textOf(element, ns.epp, 'clID') ?? '';
  const pw = textOf(element, ns.epp, 'pw') ?? '';
  const newPW = textOf(element, ns.epp, 'newPW');
  const options = childOf(element, ns.epp, 'options');
  if (textOf(options, ns.epp, 'version') !== '1.0') return refuse(2100, 'Only EPP version 1.0 is served');
  if (textOf(options, ns.epp, 'lang') !== 'en') return refuse(2102, 'Only lang en is served');
  const svcs = childOf(element, ns.epp, 'svcs');
  const objURIs = childrenOf(svcs, ns.epp, 'objURI').map((uri) => uri.text);
  const extURIs = childrenOf(childOf(svcs, ns.epp, 'svcExtension'), ns.epp, 'extURI').map((uri) => uri.text);
  const unknownObject = objURIs.find((uri) => !(objectUris as readonly string[]).includes(uri));
  if (unknownObject) return refuse(2307, `Object service ${unknownObject} is not offered`);
  const unknownExtension = extURIs.find((uri) => !(extensionUris as readonly string[]).includes(uri));
  if (unknownExtension) return refuse(2103, `Extension ${unknownExtension} is not offered`);
  const registry = world.registries.find((candidate) => candidate.clientId === clID);
  if (!registry || world.passwords.get(registry.name) !== pw) {
    session.failures += 1;
    if (session.failures >= maxFailures) return { ...refuse(2501, 'Too many failed logins'), close: 'answer-then-close' };
    return refuse(2200, 'Wrong login or password');
  }
  if (world.isDown(registry.name)) {
    return { ...refuse(2500, `${registry.name} is down for maintenance (stopped in the sandbox)`), close: 'answer-then-close' };
  }
  if (newPW !== undefined) {
    if (newPW.length < 6 || newPW.length > 16) return refuse(2004, 'A new password is 6 to 16 characters');
    world.passwords.set(registry.name, newPW);
  }
  session.registry = registry;
  session.clientId = registry.clientId;
  session.extURIs = new Set(extURIs);
  return { code: 1000 };
}
