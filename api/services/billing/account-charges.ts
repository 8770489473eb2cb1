/**
 * Charges to an account's default card after checkout (renewals, auto-renew, Domain Protection, a restarted
 * transfer, monthly plans, email): authorise off-session first, the price with the tax checkout would charge this
 * account (charge-tax.ts), do the work, then capture what was delivered and its tax and write the ledger and the
 * invoice in one transaction — or release the authorisation when nothing was delivered. Nothing is charged for what
 * did not happen, and one idempotency key never charges twice.
 */
import { and, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import { chargeIntents, type PaymentMethodRow, paymentMethods, transactions, type transactionTypes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { CardError } from '../../providers/payments/index.ts';
import { cardEnding } from '../../contract/billing/card-names.ts';
import { issueChargeInvoice } from './billing-documents.ts';
import { taxOfLines } from '../../contract/billing/tax.ts';
import { accountChargeTax, heldTaxes, taxRowsOf } from './charge-tax.ts';
import type { TaxDecision } from '../../contract/billing/tax.ts';

export const noDefaultCardMessage = 'Please add a default payment method to your account first';
export const chargeFailedMessage = 'Your card could not be charged. Please try another card.';

/** One ledger row: cents, positive for a charge. */
export type ChargeLine = {
  type: (typeof transactionTypes)[number];
  description: string;
  amount: number;
  domainId?: number | null;
  startDate?: Date;
  endDate?: Date | null;
  metaData?: Record<string, unknown> | null;
};

/** An authorisation waiting to be captured or released. */
export type HeldCharge = {
  accountId: number;
  paymentIntentId: string;
  amount: number;
  paymentMethodId: number;
  cardDescription: string;
};

export type ChargeAttempt =
  | { status: 'authorized'; held: HeldCharge }
  /** The card wants 3-D Secure: the customer confirms `clientSecret` on-session, then the caller retries with `paymentIntentId`. */
  | { status: 'requires_action'; paymentIntentId: string; clientSecret: string };

export async function findDefaultCard(db: DbOrTx, accountId: number) {
  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.isDefault, true), eq(paymentMethods.status, 'active')))
    .limit(1);
  return card ?? null;
}

export const paymentForAnotherPurchaseMessage = 'This payment belongs to another purchase. Please start again.';
export const paymentForAnotherAmountMessage = 'This payment is for a different amount';

/**
 * Authorises `amount` cents plus their tax on the default card, for `purpose` (what it pays for: one renewal order,
 * one domain's protection term ...). The tax is checkout's for this account, on each of `taxedLines` (the amounts of
 * the charge lines the capture will write; one line of `amount` when not given). Each intent created is recorded with
 * its account, purpose, amount and tax decision (charge_intents), and a `paymentIntentId` sent back by the client
 * (after 3-D Secure) is accepted only when it is that record: this account's, for this purpose and this amount.
 * Throws AppError 402 with a message the customer can act on.
 */
export async function authorizeDefaultCard(
  deps: Deps,
  input: {
    accountId: number;
    amount: number;
    /** The amounts of the charge lines the capture will write, each taxed on its own; they add up to `amount`. */
    taxedLines?: readonly number[];
    idempotencyKey: string;
    purpose: string;
    description: string;
    paymentIntentId?: string;
    /** The default card when the caller already read it (a batch of charges reads them in one query). */
    card?: PaymentMethodRow | null;
  },
): Promise<ChargeAttempt> {
  const card = input.card === undefined ? await findDefaultCard(deps.db, input.accountId) : input.card;
  if (!card) throw new AppError(402, noDefaultCardMessage);
  const tax = await accountChargeTax(deps.db, input.accountId, now());
  const amount = input.amount + taxOfLines(input.taxedLines ?? [input.amount], tax);
  if (input.paymentIntentId) await checkBinding(deps, { ...input, amount, paymentIntentId: input.paymentIntentId });
  const { payments } = deps.providers;
  let intent: Awaited<ReturnType<typeof payments.authorize>>;
  try {
    intent = input.paymentIntentId
      ? await payments.retrieve(input.paymentIntentId)
      : await payments.authorize({
          customerId: card.providerCustomerId ?? '',
          paymentMethodId: card.providerPaymentMethodId,
          amount,
          idempotencyKey: input.idempotencyKey,
          description: input.description,
        });
  } catch (error) {
    if (error instanceof CardError) throw new AppError(402, error.message || chargeFailedMessage, { declineCode: error.declineCode });
    throw error;
  }
  if (input.paymentIntentId && intent.amount !== amount) throw new AppError(400, paymentForAnotherAmountMessage);
  if (!input.paymentIntentId) {
    // A retried authorisation (same idempotency key) answers with the intent recorded the first time.
    await deps.db
      .insert(chargeIntents)
      .values({ paymentIntentId: intent.id, accountId: input.accountId, purpose: input.purpose, amount: intent.amount, tax, createDate: now() })
      .onConflictDoNothing();
  }
  if (intent.status === 'requires_action') return { status: 'requires_action', paymentIntentId: intent.id, clientSecret: intent.client_secret };
  if (intent.status !== 'requires_capture') throw new AppError(402, intent.error ?? chargeFailedMessage);
  return {
    status: 'authorized',
    held: {
      accountId: input.accountId,
      paymentIntentId: intent.id,
      amount: intent.amount,
      paymentMethodId: card.paymentMethodId,
      cardDescription: cardEnding(card),
    },
  };
}

/** The client's intent must be one we created for this account and purpose, for this amount. */
async function checkBinding(deps: Deps, input: { accountId: number; amount: number; purpose: string; paymentIntentId: string }): Promise<void> {
  const [bound] = await deps.db.select().from(chargeIntents).where(eq(chargeIntents.paymentIntentId, input.paymentIntentId));
  if (!bound || bound.accountId !== input.accountId || bound.purpose !== input.purpose) throw new AppError(400, paymentForAnotherPurchaseMessage);
  if (bound.amount !== input.amount) throw new AppError(400, paymentForAnotherAmountMessage);
}

/** The charge rows of a capture and its payment row (the sum of the charges, negative). */
function ledgerRows(held: HeldCharge, lines: ChargeLine[], today: Date): (typeof transactions.$inferInsert)[] {
  return [
    ...lines.map((line) => ({
      accountId: held.accountId,
      type: line.type,
      description: line.description,
      amount: line.amount,
      domainId: line.domainId ?? null,
      paymentReference: held.paymentIntentId,
      startDate: line.startDate ?? today,
      endDate: line.endDate ?? null,
      metaData: line.metaData ?? null,
      createDate: today,
    })),
    {
      accountId: held.accountId,
      type: 'payment',
      description: `Card payment, ${held.cardDescription}`,
      amount: -lines.reduce((sum, line) => sum + line.amount, 0),
      paymentReference: held.paymentIntentId,
      startDate: today,
      createDate: today,
    },
  ];
}

/** The charge lines and, per domain, the tax on them as authorised (ledger rows of type `tax`, as checkout writes). */
function withTax(lines: ChargeLine[], tax: TaxDecision | null): ChargeLine[] {
  const taxRows = taxRowsOf(lines, tax).map((row) => ({ ...row, type: 'tax' as const }));
  return [...lines, ...taxRows];
}

const sumOf = (lines: ChargeLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/**
 * Captures the sum of `lines` and the tax on them (at most what was held; the rest is released) and writes the charge
 * rows, the tax rows, the payment row and the invoice. `captureKey` makes a retried capture a no-op at the provider.
 * Answers what the card paid, the tax in it and the tax decision it was authorised with.
 */
export async function captureCharge(
  deps: Deps,
  held: HeldCharge,
  lines: ChargeLine[],
  captureKey: string,
): Promise<{ charged: number; tax: number; decision: TaxDecision | null }> {
  if (sumOf(lines) <= 0) {
    await releaseCharge(deps, held);
    return { charged: 0, tax: 0, decision: null };
  }
  const tax = (await heldTaxes(deps.db, [held.paymentIntentId])).get(held.paymentIntentId) ?? null;
  const all = withTax(lines, tax);
  const delivered = sumOf(all);
  if (delivered > held.amount) throw new Error(`Capture of ${delivered} exceeds the ${held.amount} held`);
  await deps.providers.payments.capture(held.paymentIntentId, captureKey, delivered < held.amount ? delivered : undefined);
  const today = now();
  await deps.db.transaction(async (tx) => {
    await tx.insert(transactions).values(ledgerRows(held, all, today));
    await invoiceCharge(tx, held, lines, tax, today);
  });
  return { charged: delivered, tax: delivered - sumOf(lines), decision: tax };
}

/** The capture's invoice, in the transaction that writes its ledger rows (so a rollback leaves no gap in the numbers). */
async function invoiceCharge(tx: DbOrTx, held: HeldCharge, lines: ChargeLine[], tax: TaxDecision | null, today: Date): Promise<void> {
  await issueChargeInvoice(tx, { accountId: held.accountId, paymentIntentId: held.paymentIntentId, lines, tax, today });
}

/**
 * Many captures at once (the nightly auto-renewal run): each at the provider with its own capture key, then every
 * charge and payment row in one insert. A capture that fails is left out and reported.
 */
export async function captureCharges(
  deps: Deps,
  charges: { held: HeldCharge; lines: ChargeLine[]; captureKey: string }[],
  concurrency = 16,
): Promise<{ failed: { held: HeldCharge; error: Error }[] }> {
  const captured: ((typeof charges)[number] & { tax: TaxDecision | null; all: ChargeLine[] })[] = [];
  const failed: { held: HeldCharge; error: Error }[] = [];
  const taxes = await heldTaxes(
    deps.db,
    charges.map((charge) => charge.held.paymentIntentId),
  );
  let next = 0;
  const capture = async () => {
    while (next < charges.length) {
      const charge = charges[next++];
      const tax = taxes.get(charge.held.paymentIntentId) ?? null;
      const all = withTax(charge.lines, tax);
      const delivered = sumOf(all);
      try {
        if (delivered > charge.held.amount) throw new Error(`Capture of ${delivered} exceeds the ${charge.held.amount} held`);
        await deps.providers.payments.capture(charge.held.paymentIntentId, charge.captureKey, delivered < charge.held.amount ? delivered : undefined);
        captured.push({ ...charge, tax, all });
      } catch (error) {
        failed.push({ held: charge.held, error: error as Error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, charges.length) }, capture));
  const today = now();
  const rows = captured.flatMap(({ held, all }) => ledgerRows(held, all, today));
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 2000) await tx.insert(transactions).values(rows.slice(i, i + 2000));
    for (const { held, lines, tax } of captured) await invoiceCharge(tx, held, lines, tax, today);
  });
  return { failed };
}

export async function releaseCharge(deps: Deps, held: HeldCharge): Promise<void> {
  await deps.providers.payments.cancel(held.paymentIntentId);
}

/**
 * Undoes a charge whatever became of it, for a caller whose capture failed and who turns the service off again: an
 * authorisation still held is released; one the provider captured after all (a lost answer, or captureCharge's ledger
 * write failing after the capture, so no ledger row was written) is refunded once (`refundKey`), so nothing is
 * charged for what the customer does not get.
 */
export async function voidCharge(deps: Deps, held: HeldCharge, refundKey: string): Promise<void> {
  const { payments } = deps.providers;
  const intent = await payments.retrieve(held.paymentIntentId);
  if (intent.status === 'succeeded') {
    const refundable = (intent.amountReceived ?? 0) - (intent.amountRefunded ?? 0);
    if (refundable > 0) await payments.refund(intent.id, refundable, refundKey);
    return;
  }
  if (intent.status === 'requires_capture' || intent.status === 'requires_action') await payments.cancel(intent.id);
}
