/** Domain update, #12 (privacy): not built yet. */
import type { z } from 'zod';
import type { privacyUpdate } from '../../contract/domain-update.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './types.ts';

export async function applyPrivacyUpdate(_ctx: DomainUpdateContext, _fields: z.infer<typeof privacyUpdate>): Promise<void> {
  throw new AppError(501, 'This change is not available yet');
}
