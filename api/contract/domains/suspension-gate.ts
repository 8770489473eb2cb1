/**
 * What a suspension holds (DESIGN "Registrar duties"): while a name is suspended, for whatever reason, nobody but
 * compliance or an owner (with a reason) may unlock it, issue or show its auth code, let a transfer away through, or
 * give it a new registrant or nameservers. The same words go into the suspension email, the customer's panel and the
 * back office, so each says exactly what is blocked.
 */
import type { StaffRole } from '../staff/roles.ts';

export const heldActions = ['unlock', 'authCode', 'transferAway', 'registrant', 'nameservers'] as const;
export type HeldAction = (typeof heldActions)[number];

const heldActionWords: Record<HeldAction, string> = {
  unlock: 'unlocked for transfer',
  authCode: 'given an auth code',
  transferAway: 'transferred to another registrar',
  registrant: 'given a new registrant',
  nameservers: 'given other nameservers',
};

/** The sentence the suspension email and the panel carry. */
export const suspensionBlocksSentence =
  'While it is suspended it does not resolve, and it cannot be unlocked for transfer, given an auth code, transferred to another registrar, or given a new registrant or other nameservers. Everything else (renewal, contacts, DNS records) works as before.';

/** Staff roles that may act on a suspended name (with a reason): whoever may lift the suspension. */
export const rolesActingOnHeldNames: readonly StaffRole[] = ['owner', 'compliance'];

/** Why `action` is refused on a name suspended for `reason`, in words the customer or staff member reads. */
export function heldActionMessage(domain: string, action: HeldAction, reason: string | null): string {
  return `${domain} is suspended${reason ? ` (${reason})` : ''}: it cannot be ${heldActionWords[action]} until the suspension is lifted.`;
}
