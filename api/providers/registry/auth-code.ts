/**
 * Transfer auth codes as registrars generate them: 16 characters (registries accept 6-32, most ask for 8+), at least
 * one of each class registries commonly demand, from a CSPRNG, without look-alike letters.
 */
import { randomInt } from 'node:crypto';

const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '+-=_!@#%'];

export function newAuthCode(length = 16): string {
  const all = classes.join('');
  const chars = classes.map((set) => set[randomInt(set.length)] as string);
  while (chars.length < length) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/** Whether a code meets the rules above: 8-32 printable characters with upper, lower, digit and symbol. */
export function isStrongAuthCode(code: string): boolean {
  return code.length >= 8 && code.length <= 32 && classes.every((set) => [...code].some((c) => set.includes(c)));
}
