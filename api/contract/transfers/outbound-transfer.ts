/** GET/POST /api/outboundTransfers/:token: a transfer away as the registrant's approval link shows it. */
import '../zod-config.ts';
import { z } from 'zod';

export const outboundTransferViewSchema = z.strictObject({
  domain: z.string(),
  gainingRegistrar: z.string(),
  deadline: z.string(),
  status: z.enum(['pending', 'approved', 'cancelled', 'completed']),
});
export type OutboundTransferView = z.infer<typeof outboundTransferViewSchema>;
