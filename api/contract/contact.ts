import './zod-config.ts';
import { z } from 'zod';
import { isE164Phone, phoneFormatMessage } from './phone.ts';

const trimmed = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** A WHOIS/billing contact (control-panel spec §3). */
export const contactSchema = z.object({
  firstName: trimmed('First name', 100),
  lastName: trimmed('Last name', 100),
  company: z.string().trim().max(200).optional().default(''),
  address: trimmed('Address'),
  city: trimmed('City', 100),
  state: trimmed('State', 100),
  zip: trimmed('Zip', 20),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code'),
  email: z.email('Please enter a valid email').trim().toLowerCase(),
  phone: z.string().trim().refine(isE164Phone, phoneFormatMessage),
});
export type Contact = z.infer<typeof contactSchema>;

/** What a visitor's cart holds while they fill the checkout form: every field may still be empty. */
export const cartContactSchema = z.object({
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  company: z.string().max(200).optional(),
  address: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  zip: z.string().max(20).optional(),
  country: z.string().max(2).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(20).optional(),
  statedSource: z.string().max(40).optional(),
  /** A business's EU VAT number, typed at checkout: kept as VIES confirmed it (`vatStatus`), for the new account. */
  vatNumber: z.string().max(30).optional(),
  /** Set by the server from VIES's answer; what a client sends here is ignored. */
  vatStatus: z.enum(['confirmed', 'unavailable']).optional(),
});
export type CartContact = z.infer<typeof cartContactSchema>;
