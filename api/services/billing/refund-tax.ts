/** A refund asked again under its key; the tax that goes back with a refund is worked out by contract/billing/refund-tax.ts. */
type Request = { paymentIntentId: string; items: { transactionId: number; amount: number }[] };

/** Whether a refund claimed under a key is the one this request asks for: its own items, not the tax added to them. */
export function isSameRequest(earlier: Request, input: Request): boolean {
  const asked = input.items.reduce((sum, item) => sum + item.amount, 0);
  const own = earlier.items.filter((item) => input.items.some((i) => i.transactionId === item.transactionId));
  return earlier.paymentIntentId === input.paymentIntentId && own.reduce((sum, item) => sum + item.amount, 0) === asked;
}
