/**
 * Which names were answered recently, by label. A search answers one label in ~500 extensions at once, so each
 * label gets one entry (expiring a fixed time after its first answer) holding one bit per extension: a few dozen
 * bytes instead of ~500 names kept alive. Holds at most `maxLabels` labels; past that the oldest go first.
 */
/** Extensions given a bit at most; names in others are simply not remembered. */
const maxExtensions = 4096;

export function createAnswerCache(options: { ttlMs: number; maxLabels: number }) {
  type Entry = { expires: number; bits: Uint8Array };
  const byLabel = new Map<string, Entry>();
  const bitOfExtension = new Map<string, number>();
  // Names come in runs of one label: the last label's entry is kept at hand.
  let lastLabel = '';
  let lastEntry: Entry | undefined;

  const entryOf = (domain: string, dotAt: number): Entry | undefined => {
    if (dotAt !== lastLabel.length || !domain.startsWith(lastLabel)) {
      lastLabel = domain.slice(0, dotAt);
      lastEntry = byLabel.get(lastLabel);
    }
    return lastEntry;
  };

  const bitOf = (domain: string, dotAt: number, assign: boolean): number => {
    const extension = domain.slice(dotAt + 1);
    let bit = bitOfExtension.get(extension);
    if (bit === undefined && assign && bitOfExtension.size < maxExtensions) {
      bit = bitOfExtension.size;
      bitOfExtension.set(extension, bit);
    }
    return bit ?? -1;
  };

  return {
    has(domain: string, now: number): boolean {
      const dotAt = domain.indexOf('.');
      if (dotAt <= 0) return false;
      const entry = entryOf(domain, dotAt);
      if (!entry || entry.expires <= now) return false;
      const bit = bitOf(domain, dotAt, false);
      return bit >= 0 && bit >> 3 < entry.bits.length && (entry.bits[bit >> 3] & (1 << (bit & 7))) !== 0;
    },

    addAll(domains: string[], now: number) {
      for (const domain of domains) {
        const dotAt = domain.indexOf('.');
        if (dotAt <= 0) continue;
        let entry = entryOf(domain, dotAt);
        if (!entry || entry.expires <= now) {
          byLabel.delete(lastLabel);
          entry = { expires: now + options.ttlMs, bits: new Uint8Array((bitOfExtension.size >> 3) + 8) };
          byLabel.set(lastLabel, entry);
          lastEntry = entry;
        }
        const bit = bitOf(domain, dotAt, true);
        if (bit < 0) continue;
        if (bit >> 3 >= entry.bits.length) {
          const grown = new Uint8Array((bit >> 3) + 8);
          grown.set(entry.bits);
          entry.bits = grown;
        }
        entry.bits[bit >> 3] |= 1 << (bit & 7);
      }
      // Entries sit in insertion order, which is expiry order: the oldest go first.
      for (const [label, entry] of byLabel) {
        if (byLabel.size <= options.maxLabels && entry.expires > now) break;
        byLabel.delete(label);
        if (label === lastLabel) lastEntry = undefined;
      }
    },
  };
}
