/**
 * The sandbox registry's picture of the world outside this product: a pure, deterministic function of the name,
 * so every machine and every run gives the same answer. Names registered through this product live in the
 * registry_domains table and take precedence (see sandbox-availability.ts and sandbox-lifecycle.ts).
 *
 * Rules (documented in README "Sandbox registry"):
 * - reserved: the labels example, test, invalid, localhost, nic and whois in every extension;
 * - transfer examples: labels starting `locked-` (registered elsewhere, locked), `newly-` (registered 10 days
 *   ago), `maxed-` (renewed to the 10-year maximum) and `transfer-`, `authneeded-`, `badcode-` (registered elsewhere,
 *   eligible; the last two answer the transfer request with auth-code-needed / auth-code-rejected) are taken;
 * - registry trouble: `timeout-` and `dropped-` names are free; registering one goes unanswered (see
 *   `registryMishap`), as does requesting the transfer of a `transfer-timeout-` name; the losing registrar of a
 *   `transfer-rejected-` name rejects its transfer;
 * - common dictionary words (and pairs of them) are taken in popular extensions about 9 times in 10, elsewhere
 *   about 4 in 10; labels of 4 characters or fewer are taken everywhere; other labels are free;
 * - free names that are a single dictionary word, or 5 characters or fewer, are premium, at a registry price
 *   chosen by the name's hash.
 */
import { nowMs } from '../../clock.ts';
import { hasLabel } from '../../contract/domain-name.ts';

export type ExternalRegistration = {
  registrarName: string;
  createDate: Date;
  expireDate: Date;
  locked: boolean;
  nameservers: string[];
  statuses: string[];
};

export const reservedLabels = new Set(['example', 'test', 'invalid', 'localhost', 'nic', 'whois']);

export const commonWords = new Set(
  `about account action active agency apple art arts auto baby bakery bank bar beach bear beauty best bike bird
  black blog blue boat body book box brand bread build burger business buy cafe camera camp car card care cars
  cat city clean clinic cloud club coach coffee cook cool craft cream dance data deal dental design dev diet digital
  dog dream drive east easy eat eco energy event express family farm fashion fast file film finance fire fish fit
  fitness flower fly food force forest free fresh fun fund game games garden gift global gold golf good green grill
  group guide hair happy health help home homes hope horse hot hotel house hub ice idea inn island jet job joy key
  kids king lab lake land law learn life light line link live local love lucky mail main market media medical metro
  mind mobile money moon music net new news next north nova ocean one online open page paper park party pay pet
  pets photo pixel pizza place plan play plus point power pro quick rain real red rent river road rock root rose
  run safe sale salon sea secure shop shoe silver simple sky smart snow social soft solar sound south space spark
  sport spot star start store studio style sun sushi taxi tea team tech time tool tools top tour town toy trade
  travel tree trip true vet view village vision water wave web west wild wine wise wood work world yoga zen`
    .split(/\s+/)
    .filter(Boolean),
);

export const popularForAvailability = new Set(['com', 'net', 'org', 'io', 'co', 'ai', 'app', 'dev', 'me', 'info', 'us', 'xyz']);

const registrars = ['NameCheapish LLC', 'GoHost Registrar Inc.', 'Tucows Domains Inc.', 'Gandi SAS', 'Porkfolio Registrar LLC', 'Key Systems GmbH'];
const premiumPrices = [24900, 49900, 99900, 149900, 249900, 499900];
const day = 24 * 3600 * 1000;

/** FNV-1a: a small, stable hash; the same name always gives the same number. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function split(domain: string): { label: string; tld: string } {
  const dot = domain.indexOf('.');
  return { label: domain.slice(0, dot), tld: domain.slice(dot + 1) };
}

const dictionaryMemo = new Map<string, boolean>();

/** True when the label is one common word or two of them joined (coffeeshop, bluesky). Memoised: a search asks once per extension. */
export function isDictionaryLabel(label: string): boolean {
  const known = dictionaryMemo.get(label);
  if (known !== undefined) return known;
  const plain = label.replace(/-/g, '');
  let answer = commonWords.has(plain);
  for (let i = 2; !answer && i < plain.length - 1; i++) {
    answer = commonWords.has(plain.slice(0, i)) && commonWords.has(plain.slice(i));
  }
  if (dictionaryMemo.size > 50_000) dictionaryMemo.clear();
  dictionaryMemo.set(label, answer);
  return answer;
}

const transferPrefixes = ['locked-', 'newly-', 'maxed-', 'transfer-', 'authneeded-', 'badcode-'];

/**
 * Names whose registry call goes wrong in a fixed way, so checkout's unknown outcomes can be seen and tested:
 * - `timeout-…`: registering it takes effect, but the answer never comes (a timeout after the registry acted);
 * - `dropped-…`: registering it goes unanswered and never takes effect (the connection dropped on the way);
 * - `transfer-timeout-…`: the transfer request takes effect (pending), but the answer never comes;
 * - `transfer-rejected-…`: the transfer request is pending, then the losing registrar rejects it (sandbox-transfers.ts);
 * - `authneeded-…` / `badcode-…`: the transfer request is answered auth-code-needed / auth-code-rejected.
 */
export function registryMishap(
  domain: string,
): 'timeout' | 'dropped' | 'transfer-timeout' | 'transfer-rejected' | 'auth-code-needed' | 'auth-code-rejected' | null {
  const label = domain.slice(0, domain.indexOf('.'));
  if (label.startsWith('timeout-')) return 'timeout';
  if (label.startsWith('dropped-')) return 'dropped';
  if (label.startsWith('transfer-timeout-')) return 'transfer-timeout';
  if (label.startsWith('transfer-rejected-')) return 'transfer-rejected';
  if (label.startsWith('authneeded-')) return 'auth-code-needed';
  if (label.startsWith('badcode-')) return 'auth-code-rejected';
  return null;
}

type LabelFacts = { alwaysTaken: boolean; dictionary: boolean; reserved: boolean; premiumShaped: boolean };
const labelMemo = new Map<string, LabelFacts>();

/** What the rules need to know about a label, worked out once: a search asks about the same label in ~500 extensions. */
function labelFacts(label: string): LabelFacts {
  let facts = labelMemo.get(label);
  if (!facts) {
    facts = {
      alwaysTaken: label.length <= 4 || transferPrefixes.some((prefix) => label.startsWith(prefix)),
      dictionary: isDictionaryLabel(label),
      reserved: reservedLabels.has(label),
      premiumShaped: commonWords.has(label) || label.length <= 5,
    };
    if (labelMemo.size > 50_000) labelMemo.clear();
    labelMemo.set(label, facts);
  }
  return facts;
}

let lastLabel = '';
let lastFacts: LabelFacts | null = null;

/** The facts of a name's label. A search asks about one label in ~500 extensions in a row, so the last one is kept. */
function factsOfDomain(domain: string, dot: number): LabelFacts {
  if (lastFacts && hasLabel(domain, dot, lastLabel)) return lastFacts;
  lastLabel = domain.slice(0, dot);
  lastFacts = labelFacts(lastLabel);
  return lastFacts;
}

function takenElsewhere(domain: string, dot: number, facts: LabelFacts): boolean {
  if (facts.alwaysTaken) return true;
  if (!facts.dictionary) return false;
  const takenShare = popularForAvailability.has(domain.slice(dot + 1)) ? 9 : 4;
  return stableHash(domain) % 10 < takenShare;
}

/** Whether another registrar holds the name: the cheap part of externalRegistration, without building the record. */
export function isExternallyTaken(domain: string): boolean {
  const dot = domain.indexOf('.');
  return takenElsewhere(domain, dot, factsOfDomain(domain, dot));
}

export function isReserved(domain: string): boolean {
  return factsOfDomain(domain, domain.indexOf('.')).reserved;
}

/** The world's view of a name in one pass: reserved, taken by another registrar, free at a premium price, or free. */
export function worldStatus(domain: string): 'reserved' | 'taken' | { premiumPrice: number } | 'free' {
  const dot = domain.indexOf('.');
  const facts = factsOfDomain(domain, dot);
  if (facts.reserved) return 'reserved';
  if (takenElsewhere(domain, dot, facts)) return 'taken';
  if (!facts.premiumShaped) return 'free';
  return { premiumPrice: premiumPrices[stableHash(`premium:${domain}`) % premiumPrices.length] };
}

/** Fixed "today" for the sandbox world so dates in answers do not drift between runs of a test. */
function worldDate(offsetDays: number, now = nowMs()): Date {
  const today = Math.floor(now / day) * day;
  return new Date(today + offsetDays * day);
}

/** The registration another registrar holds for this name, or null when the name is free. */
export function externalRegistration(domain: string, now = nowMs()): ExternalRegistration | null {
  const { label } = split(domain);
  const hash = stableHash(domain);
  const base = {
    registrarName: registrars[hash % registrars.length],
    nameservers: [`ns1.host${hash % 97}.example.net`, `ns2.host${hash % 97}.example.net`],
  };
  const locked = { locked: true, statuses: ['clientTransferProhibited', 'clientUpdateProhibited'] };
  const unlocked = { locked: false, statuses: ['ok'] };
  if (label.startsWith('locked-')) return { ...base, ...locked, createDate: worldDate(-900, now), expireDate: worldDate(400, now) };
  if (label.startsWith('newly-')) return { ...base, ...unlocked, createDate: worldDate(-10, now), expireDate: worldDate(355, now) };
  if (label.startsWith('maxed-')) return { ...base, ...unlocked, createDate: worldDate(-400, now), expireDate: worldDate(3650, now) };
  if (label.startsWith('transfer-') || label.startsWith('authneeded-') || label.startsWith('badcode-')) {
    return { ...base, ...unlocked, createDate: worldDate(-1200, now), expireDate: worldDate(200, now) };
  }
  if (!isExternallyTaken(domain)) return null;
  const ageDays = 200 + (hash % 5000);
  const status = hash % 3 === 0 ? unlocked : locked;
  return { ...base, ...status, createDate: worldDate(-ageDays, now), expireDate: worldDate(30 + (hash % 700), now) };
}

/**
 * The registry's premium price in cents per year, or null for a standard name: of a free name, and of a name another
 * registrar holds that the registry prices as premium (`transfer-premium-` names: their transfer and renewals).
 */
export function premiumPrice(domain: string): number | null {
  const status = worldStatus(domain);
  if (typeof status === 'object') return status.premiumPrice;
  return domain.startsWith('transfer-premium-') ? premiumPrices[stableHash(`premium:${domain}`) % premiumPrices.length] : null;
}
