/**
 * Which names were answered recently, by label. A search answers one label in ~500 extensions at once, so each
 * label gets one entry (expiring a fixed time after its first answer) holding one bit per extension: a few dozen
 * bytes instead of ~500 names kept alive. Holds at most `maxLabels` labels; past that the oldest go first.
 * Callers give each name's extension bit (`bitOf`) and the position of its first dot, worked out once per name.
 */
import { hasLabel } from '../../contract/domain-name.ts';

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
    if (!hasLabel(domain, dotAt, lastLabel)) {
      lastLabel = domain.slice(0, dotAt);
      lastEntry = byLabel.get(lastLabel);
    }
    return lastEntry;
  };

  return {
    /** The extension's bit, or -1 once `maxExtensions` are taken. */
    bitOf(extension: string): number {
      let bit = bitOfExtension.get(extension);
      if (bit === undefined && bitOfExtension.size < maxExtensions) {
        bit = bitOfExtension.size;
        bitOfExtension.set(extension, bit);
      }
      return bit ?? -1;
    },

    has(domain: string, dotAt: number, bit: number, now: number): boolean {
      if (dotAt <= 0 || bit < 0) return false;
      const entry = entryOf(domain, dotAt);
      return entry !== undefined && entry.expires > now && bit >> 3 < entry.bits.length && (entry.bits[bit >> 3] & (1 << (bit & 7))) !== 0;
    },

    add(domain: string, dotAt: number, bit: number, now: number) {
      if (dotAt <= 0 || bit < 0) return;
      let entry = entryOf(domain, dotAt);
      if (!entry || entry.expires <= now) {
        byLabel.delete(lastLabel);
        entry = { expires: now + options.ttlMs, bits: new Uint8Array((bitOfExtension.size >> 3) + 8) };
        byLabel.set(lastLabel, entry);
        lastEntry = entry;
        // Entries sit in insertion order, which is expiry order: the oldest go first.
        for (const [label, old] of byLabel) {
          if (byLabel.size <= options.maxLabels && old.expires > now) break;
          byLabel.delete(label);
        }
      }
      if (bit >> 3 >= entry.bits.length) {
        const grown = new Uint8Array((bit >> 3) + 8);
        grown.set(entry.bits);
        entry.bits = grown;
      }
      entry.bits[bit >> 3] |= 1 << (bit & 7);
    },
  };
}
