/** TTL choices of the record form and how the record list shows a TTL. */
import { maxTtl, minTtl } from '../../../../api/contract/dns/dns.ts';

const presets = [60, 300, 1800, 3600, 14_400, 43_200, 86_400];

/** The presets, plus the record's own TTL when it is another (an imported zone's, say). */
export function ttlChoices(current: number): number[] {
  const ok = Number.isInteger(current) && current >= minTtl && current <= maxTtl;
  return ok && !presets.includes(current) ? [...presets, current].sort((a, b) => a - b) : presets;
}

/** 3600 → "1 hour", 300 → "5 min", 90 → "90 s". */
export function ttlLabel(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '1 day' : `${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
