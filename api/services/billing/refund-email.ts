/** The customer's email about a refund: what went back where, and what happened to each refunded name. */
import { eq } from 'drizzle-orm';
import type { PaymentDetail, RefundView } from '../../contract/billing/refunds.ts';
import { formatMoney } from '../../contract/money.ts';
import { users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { queueMessage } from '../platform/messages.ts';
import { namesSentence, type RefundName } from './refund-names.ts';

export async function emailRefund(deps: Deps, payment: PaymentDetail, refund: RefundView): Promise<void> {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, payment.accountId)).limit(1);
  if (!user) return;
  const what = refund.items.map((item) => `- ${item.description}: ${formatMoney(item.amount)}`).join('\n');
  const order = payment.orderId != null ? ` for order ${payment.orderId}` : '';
  const total = refund.amount + refund.creditAmount;
  const where = [
    refund.amount > 0 && `${formatMoney(refund.amount)} to the card you paid with`,
    refund.creditAmount > 0 && `${formatMoney(refund.creditAmount)} to your account credit`,
  ]
    .filter(Boolean)
    .join(' and ');
  const names = namesSentence(refund.names as RefundName[]);
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: user.email,
    subject: `Refund of ${formatMoney(total)}${order}`,
    text: `We refunded ${where}${order}:\n${what}\n\n${names ? `${names}\n\n` : ''}${
      refund.amount > 0 ? 'The card refund usually shows on your card statement within 5 to 10 business days. ' : ''
    }Your billing history lists it under Payments, and Orders has the credit note.`,
  });
}
