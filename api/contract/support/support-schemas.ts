/** zod for the back office's help actions on customers and domains. */
import '../zod-config.ts';
import { z } from 'zod';
import { contactSchema } from '../contact.ts';
import { reasonSchema } from '../audit/audit-schemas.ts';

export const customerSearchSchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .max(200)
    // A number (an order, a transaction, an account) may be one digit; words need two characters to mean anything.
    .refine((q) => /^#?\d+$/.test(q) || q.length >= 2, 'Type at least 2 characters'),
});

export const customerNoteSchema = z.object({
  body: z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(4000, 'Keep notes under 4,000 characters'),
});

export const resetFactorsSchema = z.object({ reason: reasonSchema });

/**
 * PATCH /api/admin/customers/:id: staff change a customer's admin, tech or billing contact and/or login email, at the
 * customer's request (the reason says how they asked). The customer is emailed; the change is audited.
 */
export const customerEditSchema = z
  .strictObject({
    email: z.email('Enter a valid email address').trim().toLowerCase().max(254).optional(),
    whoisAdminContact: contactSchema.optional(),
    whoisTechContact: contactSchema.optional(),
    whoisBillingContact: contactSchema.optional(),
    reason: reasonSchema,
  })
  .refine((input) => input.email || input.whoisAdminContact || input.whoisTechContact || input.whoisBillingContact, {
    message: 'Nothing to change',
    path: ['email'],
  });
export type CustomerEdit = z.infer<typeof customerEditSchema>;

/** POST /api/admin/customers/:id/viewAs: why staff look at the customer's control panel (kept in the audit log). */
export const viewAsSchema = z.object({ reason: reasonSchema });

export const revokeApiTokensSchema = z.object({
  /** One token, or every live token when left out. */
  apiTokenId: z.number().int().positive().optional(),
});

/** The lists the dashboard's counts open: transfers in at the registry, waiting for an auth code, transfers away. */
export const staffDomainStates = ['transfer-in', 'awaiting-auth-code', 'transfer-away', 'suspended'] as const;
export type StaffDomainState = (typeof staffDomainStates)[number];

export const domainSearchSchema = z.object({
  q: z.string().trim().max(253).default(''),
  state: z.enum(staffDomainStates, { error: 'Unknown list of domains' }).optional(),
});

export const domainLockSchema = z.object({ locked: z.boolean({ error: 'locked must be true or false' }), reason: z.string().trim().max(1000).optional() });

export const domainSuspendSchema = z.object({ reason: reasonSchema });

export const courtesyRenewSchema = z.object({
  years: z.number({ error: 'years must be a number' }).int().min(1, 'Renew for 1 to 10 years').max(10, 'Renew for 1 to 10 years'),
  reason: reasonSchema,
});

export const domainRestoreSchema = z.object({ reason: reasonSchema });

/** POST /api/admin/domains/:id/delete: why the name goes (the owner reads it). */
export const domainDeleteSchema = z.object({ reason: reasonSchema });

/** POST /api/admin/customers/:id/close: why the account closes (kept in the audit log, told to the customer). */
export const customerCloseSchema = z.object({ reason: reasonSchema });

export const domainMoveSchema = z.object({
  toEmail: z.string({ error: 'Enter the receiving account’s email' }).trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')),
  reason: reasonSchema,
});
