/** Domain update, #13 (email): not built yet. */
import type { z } from 'zod';
import type { emailServiceUpdate } from '../../contract/domain-update.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './types.ts';

export async function applyEmailServiceUpdate(_ctx: DomainUpdateContext, _fields: z.infer<typeof emailServiceUpdate>): Promise<void> {
  throw new AppError(501, 'This change is not available yet');
}
