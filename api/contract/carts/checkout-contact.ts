/**
 * What the checkout needs to know about a visitor's contact while they type (storefront spec §4 Checkout readiness,
 * §5 Contact at checkout). No zod here, so the cart island does not ship the schema library for one rule.
 */
import type { CartContact } from '../contact.ts';

/** Fields that must be non-empty before an anonymous checkout (company and code are optional). */
export const requiredContactFields = ['firstName', 'lastName', 'address', 'city', 'state', 'zip', 'country', 'email', 'phone'] as const;

export function isContactComplete(contact: CartContact | null | undefined): boolean {
  if (!contact) return false;
  return requiredContactFields.every((field) => (contact[field] ?? '').trim().length > 0);
}

export const statedSources = ['search', 'social media', 'friend', 'email', 'blog', 'advertisement', 'other'] as const;
