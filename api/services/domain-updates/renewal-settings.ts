/** Domain update, #12 (renewals): not built yet. */
import type { z } from 'zod';
import type { renewalSettingsUpdate } from '../../contract/domain-update.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './types.ts';

export async function applyRenewalSettings(_ctx: DomainUpdateContext, _fields: z.infer<typeof renewalSettingsUpdate>): Promise<void> {
  throw new AppError(501, 'This change is not available yet');
}
