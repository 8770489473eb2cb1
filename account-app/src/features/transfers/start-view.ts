/** The transfer modal's views (control-panel spec §2 modal 2) and the one a domain's transfer state opens on (§4). */
import type { Domain } from '../domains/api.ts';

export type TransferView =
  | 'default'
  | 'transferAway'
  | 'confirmGenerateNewCode'
  | 'viewPendingTransfers'
  | 'outboundUnlocked'
  | 'outboundPending'
  | 'outboundApproved'
  | 'confirmCancelOutbound'
  | 'outboundCancelling'
  | 'outboundEmailResent'
  | 'inboundCode'
  | 'inboundPending'
  | 'inboundRestarted'
  | 'contactSupport';

/** The view a domain's transfer state opens on (spec §4): outbound status first, then inbound, else its unlock view. */
export function startViewFor(domain: Pick<Domain, 'outboundTransferStatus' | 'inboundTransferStatus'>): TransferView {
  const outbound = domain.outboundTransferStatus;
  if (outbound) {
    if (outbound === 'unlocked') return 'outboundUnlocked';
    if (outbound === 'pending') return 'outboundPending';
    if (outbound === 'approved') return 'outboundApproved';
    return 'contactSupport';
  }
  const inbound = domain.inboundTransferStatus;
  if (inbound) {
    if (inbound === 'auth-code-needed' || inbound === 'auth-code-rejected' || inbound === 'rejected') return 'inboundCode';
    if (inbound === 'pending') return 'inboundPending';
    return 'contactSupport';
  }
  return 'outboundUnlocked';
}
