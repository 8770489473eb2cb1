/** Domain update, #12 (selling): not built yet. */
import type { z } from 'zod';
import type { saleUpdate } from '../../contract/domain-update.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './types.ts';

export async function applySaleUpdate(_ctx: DomainUpdateContext, _fields: z.infer<typeof saleUpdate>): Promise<void> {
  throw new AppError(501, 'This change is not available yet');
}
