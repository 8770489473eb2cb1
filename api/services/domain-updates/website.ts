/** Domain update, #13 (website): not built yet. */
import type { z } from 'zod';
import type { websiteUpdate } from '../../contract/domain-update.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './types.ts';

export async function applyWebsiteUpdate(_ctx: DomainUpdateContext, _fields: z.infer<typeof websiteUpdate>): Promise<void> {
  throw new AppError(501, 'This change is not available yet');
}
