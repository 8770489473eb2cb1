/**
 * Which names were answered recently, by label. A search answers one label in ~500 extensions at once, so one entry
 * per label (expiring a fixed time after its first answer) costs far less than one entry per name in a map of
 * hundreds of thousands. Holds at most `maxNames` names; past that the oldest labels are forgotten first.
 */
const dot = 46;

export function createAnswerCache(options: { ttlMs: number; maxNames: number }) {
  type Entry = { expires: number; names: Set<string> };
  const byLabel = new Map<string, Entry>();
  let size = 0;
  // Names come in runs of one label: the last label's entry is kept at hand.
  let lastLabel = '';
  let lastEntry: Entry | undefined;

  const sameLabel = (domain: string, label: string) => label !== '' && domain.startsWith(label) && domain.charCodeAt(label.length) === dot;
  const labelOf = (domain: string) => domain.slice(0, domain.indexOf('.'));

  const entryOf = (domain: string): Entry | undefined => {
    if (!sameLabel(domain, lastLabel)) {
      lastLabel = labelOf(domain);
      lastEntry = byLabel.get(lastLabel);
    }
    return lastEntry;
  };

  const forget = (label: string, entry: Entry) => {
    byLabel.delete(label);
    size -= entry.names.size;
    if (label === lastLabel) lastEntry = undefined;
  };

  return {
    has(domain: string, now: number): boolean {
      const entry = entryOf(domain);
      return entry !== undefined && entry.expires > now && entry.names.has(domain);
    },

    addAll(domains: string[], now: number) {
      for (const domain of domains) {
        let entry = entryOf(domain);
        if (!entry || entry.expires <= now) {
          if (entry) forget(lastLabel, entry);
          entry = { expires: now + options.ttlMs, names: new Set() };
          byLabel.set(lastLabel, entry);
          lastEntry = entry;
        }
        if (!entry.names.has(domain)) {
          entry.names.add(domain);
          size++;
        }
      }
      // Entries sit in insertion order, which is expiry order: the oldest go first.
      for (const [label, entry] of byLabel) {
        if (size <= options.maxNames && entry.expires > now) break;
        forget(label, entry);
      }
    },

    get size() {
      return size;
    },
  };
}
