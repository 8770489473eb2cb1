/** Making a new set of recovery codes from Account Information: a recent sign-in, a second factor to recover, the account told. */
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type Holder, countSecondFactors, queueSecurityNotice } from './second-factors/second-factors.ts';
import { requireRecentAuth } from './recent-auth.ts';
import { issueRecoveryCodes, recoveryCodesStatus } from './recovery-codes.ts';
import type { Client } from './sign-in.ts';

export { recoveryCodesStatus } from './recovery-codes.ts';

export async function regenerateRecoveryCodes(deps: Deps, holder: Holder, client: Client, brandName: string) {
  await requireRecentAuth(deps.db, holder.sessionId);
  if ((await countSecondFactors(deps.db, holder)) === 0) throw new AppError(409, 'Recovery codes stand in for a second factor: add one first.');
  const codes = await issueRecoveryCodes(deps.db, holder.userId);
  await queueSecurityNotice(
    deps,
    holder.userId,
    { subject: 'New recovery codes', what: 'A new set of ten recovery codes was made; the earlier codes no longer work.', client },
    brandName,
  );
  return { codes, ...(await recoveryCodesStatus(deps.db, holder.userId)) };
}
