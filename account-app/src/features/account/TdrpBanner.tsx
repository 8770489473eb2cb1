/** The TDRP banner the Account Information views show while a registrant change waits (the contacts themselves: the kit's ContactBlock). */
import { tdrpPendingBanner } from '../../../../api/contract/accounts/account-info.ts';

export function TdrpBanner({ pending }: { pending: boolean }) {
  if (!pending) return null;
  return (
    <p className="tdrp-banner" role="status">
      {tdrpPendingBanner}
    </p>
  );
}
