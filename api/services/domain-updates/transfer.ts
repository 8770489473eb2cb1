/** Domain update, #12 (transfers): not built yet. */
import type { z } from 'zod';
import type { transferUpdate } from '../../contract/domain-update.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './types.ts';

export async function applyTransferUpdate(_ctx: DomainUpdateContext, _fields: z.infer<typeof transferUpdate>): Promise<void> {
  throw new AppError(501, 'This change is not available yet');
}
