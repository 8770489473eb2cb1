/**
 * GET /api/domainSearch/check (issue #15): the search socket's answer for a few full names at once, without the
 * candidate lists: the same normalisation, catalogue prices and registry check, one result per distinct name.
 */
import type { DomainSearchResult } from '../../contract/search/domain-search.ts';
import { normaliseDomainInput } from '../../contract/domain-name.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { RegistryProvider } from '../../providers/registry/index.ts';
import type { Catalogue } from './catalogue.ts';
import { searchResultOf } from './domain-search.ts';

type Wanted = { ascii: string; isIdn: boolean; tld: NonNullable<ReturnType<Catalogue['forDomain']>> };

/** Each name normalised and priced, or a 400 naming the first name that is malformed or not sold here. */
function readNames(names: readonly string[], catalogue: Catalogue): Wanted[] {
  const wanted = new Map<string, Wanted>();
  for (const input of names) {
    const name = normaliseDomainInput(input);
    if (!name.ok) throw badRequest(`${input}: ${name.message}`);
    if (name.tld === null) throw badRequest(`${input}: give the full name with its extension, such as ${name.label}.com`);
    const tld = catalogue.forDomain(name.ascii);
    if (!tld) throw badRequest(`${input}: we do not sell .${name.tld} names`);
    wanted.set(name.ascii, { ascii: name.ascii, isIdn: name.unicode !== name.ascii, tld });
  }
  return [...wanted.values()];
}

export async function checkDomains(
  deps: { registry: Pick<RegistryProvider, 'check'>; catalogue: Catalogue },
  names: readonly string[],
): Promise<DomainSearchResult[]> {
  const wanted = readNames(names, deps.catalogue);
  let answers: Awaited<ReturnType<RegistryProvider['check']>>;
  try {
    answers = await deps.registry.check(wanted.map((w) => w.ascii));
  } catch (error) {
    console.error(`Availability check failed for ${wanted.map((w) => w.ascii).join(', ')}:`, error);
    throw new AppError(503, 'The registry did not answer the availability check. Please try again in a moment.');
  }
  return wanted.map((w, index) => searchResultOf(w.tld, w.ascii, answers[index], w.isIdn));
}
