/**
 * Payouts without a provider: transfers recorded in memory and answered like Stripe's. A repeated key answers the
 * first transfer (and refuses other parameters); destination `acct_sandbox_refuse` is refused as an account that
 * cannot receive transfers; `acct_sandbox_timeout` is sent but its answer is lost.
 */
import { randomUUID } from 'node:crypto';
import { PayoutError, type PayoutsProvider, type PayoutTransfer } from './index.ts';

export function createSandboxPayouts(): PayoutsProvider & { sent: Map<string, { destination: string; amount: number; transfer: PayoutTransfer }> } {
  const sent = new Map<string, { destination: string; amount: number; transfer: PayoutTransfer }>();
  return {
    name: 'sandbox',
    sent,
    async transfer({ destination, amount, idempotencyKey }) {
      const earlier = sent.get(idempotencyKey);
      if (earlier) {
        if (earlier.destination !== destination || earlier.amount !== amount)
          throw new PayoutError('Keys for idempotent requests can only be used with the same parameters');
        return earlier.transfer;
      }
      if (!/^acct_[A-Za-z0-9_]+$/.test(destination)) throw new PayoutError(`No such destination: '${destination}'`);
      if (destination === 'acct_sandbox_refuse') throw new PayoutError('The destination account cannot receive transfers');
      if (!Number.isInteger(amount) || amount <= 0) throw new PayoutError('Amount must be a positive number of cents');
      const transfer: PayoutTransfer = { id: `tr_sandbox_${randomUUID().replaceAll('-', '').slice(0, 24)}`, status: 'paid' };
      sent.set(idempotencyKey, { destination, amount, transfer });
      if (destination === 'acct_sandbox_timeout') throw new Error('socket hang up');
      return transfer;
    },
  };
}
