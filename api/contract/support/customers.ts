/**
 * What the back office shows of customers and their domains, as schemas (the front ends' document describes the
 * routes with them; the admin app imports only their types).
 */
import '../zod-config.ts';
import { z } from 'zod';
import { auditEntrySchema } from '../audit/audit-entry.ts';
import { verificationStatusSchema } from '../compliance/verification-schemas.ts';
import { contactSchema } from '../contact.ts';

export const customerMatches = ['account', 'email', 'name', 'phone', 'domain', 'order', 'transaction', 'payment'] as const;
export type CustomerMatch = (typeof customerMatches)[number];

/** One search result: who, and what the words matched. */
export const customerHitSchema = z.strictObject({
  accountId: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  domains: z.number().int(),
  createDate: z.string(),
  matchedOn: z.enum(customerMatches),
  /** The matching value: the domain name, the order number, the email... */
  matched: z.string(),
});
export type CustomerHit = z.infer<typeof customerHitSchema>;

export const staffDomainRowSchema = z.strictObject({
  domainId: z.number().int(),
  domain: z.string(),
  status: z.string(),
  expireDate: z.string(),
  locked: z.boolean(),
  autoRenewEnabled: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  accountId: z.number().int(),
  ownerEmail: z.string(),
});
export type StaffDomainRow = z.infer<typeof staffDomainRowSchema>;

/** A staff note on a customer, as the page lists it and as adding one answers. */
export const customerNoteViewSchema = z.strictObject({ noteId: z.number().int(), staffEmail: z.string().nullable(), body: z.string(), createDate: z.string() });

/** The customer page: everything staff need to help, payment cards by their last 4 only. */
export const customerRecordSchema = z.strictObject({
  accountId: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  createDate: z.string(),
  isDemo: z.boolean(),
  /** Staff closed the account: its login no longer works. */
  closedAt: z.string().nullable(),
  /** Staff reset the second factors: the customer must add one at their next sign-in. */
  mfaEnrolmentRequired: z.boolean(),
  /** A registrant change waits for approval from the registrant email. */
  pendingChanges: z.boolean(),
  tdrpOptOut: z.boolean(),
  /** The registrant email's verification (#24): a waiting one can be resent from the customer page. */
  registrantVerification: verificationStatusSchema,
  contacts: z.strictObject({
    registrant: contactSchema.nullable(),
    administrative: contactSchema.nullable(),
    technical: contactSchema.nullable(),
    billing: contactSchema.nullable(),
  }),
  domains: z.array(staffDomainRowSchema),
  orders: z.array(z.strictObject({ orderId: z.number().int(), status: z.string(), totalPrice: z.number().int(), createDate: z.string() })),
  transactions: z.array(
    z.strictObject({ transactionId: z.number().int(), type: z.string(), description: z.string(), amount: z.number().int(), date: z.string() }),
  ),
  paymentMethods: z.array(
    z.strictObject({
      paymentMethodId: z.number().int(),
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
      isDefault: z.boolean(),
      status: z.string(),
    }),
  ),
  secondFactors: z.array(z.strictObject({ mfaId: z.number().int(), type: z.string(), description: z.string(), status: z.string(), createDate: z.string() })),
  passkeys: z.array(z.strictObject({ passkeyId: z.number().int(), name: z.string(), createDate: z.string(), lastUsedDate: z.string().nullable() })),
  sessions: z.array(
    z.strictObject({
      sessionId: z.number().int(),
      createDate: z.string(),
      expireDate: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  apiTokens: z.array(
    z.strictObject({
      apiTokenId: z.number().int(),
      name: z.string(),
      scopes: z.array(z.string()),
      createDate: z.string(),
      lastUsedDate: z.string().nullable(),
      lastUsedIp: z.string().nullable(),
      expireDate: z.string().nullable(),
    }),
  ),
  notes: z.array(customerNoteViewSchema),
  audit: z.array(auditEntrySchema),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** The domain page: our record beside what the registry answers right now. */
export const staffDomainRecordSchema = z.strictObject({
  ...staffDomainRowSchema.shape,
  createDate: z.string(),
  nameservers: z.array(z.string()),
  privacyEnabled: z.boolean(),
  tdrpHoldDate: z.string().nullable(),
  redemptionPeriodStartDate: z.string().nullable(),
  outboundTransferStatus: z.string().nullable(),
  authCodeExpireDate: z.string().nullable(),
  suspensions: z.array(
    z.strictObject({
      suspensionId: z.number().int(),
      kind: z.string(),
      reason: z.string(),
      reference: z.string().nullable(),
      createDate: z.string(),
      liftDate: z.string().nullable(),
    }),
  ),
  /** The registry's record now, or why it did not answer. */
  registry: z.discriminatedUnion('ok', [
    z.strictObject({
      ok: z.literal(true),
      record: z
        .strictObject({
          registrarName: z.string(),
          ours: z.boolean(),
          locked: z.boolean(),
          createDate: z.string(),
          expireDate: z.string(),
          nameservers: z.array(z.string()),
          statuses: z.array(z.string()),
        })
        .nullable(),
    }),
    z.strictObject({ ok: z.literal(false), error: z.string() }),
  ]),
  /** One year's renewal price (cents) for a courtesy renewal's ledger rows; null when the extension is not sold. */
  renewPrice: z.number().int().nullable(),
  /** The newest audit entries about this domain. */
  audit: z.array(auditEntrySchema),
});
export type StaffDomainRecord = z.infer<typeof staffDomainRecordSchema>;
