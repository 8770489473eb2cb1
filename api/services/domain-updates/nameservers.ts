/** Domain update, #13 (nameservers): not built yet. */
import type { z } from 'zod';
import type { nameserversUpdate } from '../../contract/domain-update.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './types.ts';

export async function applyNameserversUpdate(_ctx: DomainUpdateContext, _fields: z.infer<typeof nameserversUpdate>): Promise<void> {
  throw new AppError(501, 'This change is not available yet');
}
