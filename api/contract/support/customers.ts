/** What the back office shows of customers and their domains (types only, no zod: the admin app imports them). */
import type { AuditEntry } from '../audit/audit.ts';
import type { Contact } from '../contact.ts';
import type { VerificationStatus } from '../compliance/verification.ts';

export type CustomerMatch = 'account' | 'email' | 'name' | 'phone' | 'domain' | 'order' | 'transaction' | 'payment';

/** One search result: who, and what the words matched. */
export type CustomerHit = {
  accountId: number;
  email: string;
  name: string | null;
  company: string | null;
  phone: string | null;
  domains: number;
  createDate: string;
  matchedOn: CustomerMatch;
  /** The matching value: the domain name, the order number, the email... */
  matched: string;
};

export type StaffDomainRow = {
  domainId: number;
  domain: string;
  status: string;
  expireDate: string;
  locked: boolean;
  autoRenewEnabled: boolean;
  suspendedAt: string | null;
  suspensionReason: string | null;
  accountId: number;
  ownerEmail: string;
};

/** The customer page: everything staff need to help, payment cards by their last 4 only. */
export type CustomerRecord = {
  accountId: number;
  userId: number;
  email: string;
  createDate: string;
  isDemo: boolean;
  /** Staff closed the account: its login no longer works. */
  closedAt: string | null;
  /** Staff reset the second factors: the customer must add one at their next sign-in. */
  mfaEnrolmentRequired: boolean;
  /** A registrant change waits for approval from the registrant email. */
  pendingChanges: boolean;
  tdrpOptOut: boolean;
  /** The registrant email's verification (#24): a waiting one can be resent from the customer page. */
  registrantVerification: VerificationStatus;
  contacts: { registrant: Contact | null; administrative: Contact | null; technical: Contact | null; billing: Contact | null };
  domains: StaffDomainRow[];
  orders: { orderId: number; status: string; totalPrice: number; createDate: string }[];
  transactions: { transactionId: number; type: string; description: string; amount: number; date: string }[];
  paymentMethods: { paymentMethodId: number; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean; status: string }[];
  secondFactors: { mfaId: number; type: string; description: string; status: string; createDate: string }[];
  passkeys: { passkeyId: number; name: string; createDate: string; lastUsedDate: string | null }[];
  sessions: { sessionId: number; createDate: string; expireDate: string; ip: string | null; userAgent: string | null }[];
  apiTokens: {
    apiTokenId: number;
    name: string;
    scopes: string[];
    createDate: string;
    lastUsedDate: string | null;
    lastUsedIp: string | null;
    expireDate: string | null;
  }[];
  notes: { noteId: number; staffEmail: string | null; body: string; createDate: string }[];
  audit: AuditEntry[];
};

/** The domain page: our record beside what the registry answers right now. */
export type StaffDomainRecord = StaffDomainRow & {
  createDate: string;
  nameservers: string[];
  privacyEnabled: boolean;
  tdrpHoldDate: string | null;
  redemptionPeriodStartDate: string | null;
  outboundTransferStatus: string | null;
  authCodeExpireDate: string | null;
  suspensions: { suspensionId: number; kind: string; reason: string; reference: string | null; createDate: string; liftDate: string | null }[];
  registry:
    | {
        ok: true;
        record: {
          registrarName: string;
          ours: boolean;
          locked: boolean;
          createDate: string;
          expireDate: string;
          nameservers: string[];
          statuses: string[];
        } | null;
      }
    | { ok: false; error: string };
  /** One year's renewal price (cents) for a courtesy renewal's ledger rows; null when the extension is not sold. */
  renewPrice: number | null;
  /** The newest audit entries about this domain. */
  audit: AuditEntry[];
};
