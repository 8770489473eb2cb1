/** What the public pages' islands call: the bot check, WHOIS, the transfer check, an abuse report, the prices country's tax, and the sandbox's outbox. */
import { z } from 'zod';
import { botChallengeSchema } from '../../contract/bot-check-schemas.ts';
import { abuseReportAnswerSchema, abuseReportSchema } from '../../contract/compliance/abuse.ts';
import { taxDisplayQuerySchema, taxDisplaySchema } from '../../contract/billing/tax-display.ts';
import { outboxMessageSchema } from '../../contract/outbox.ts';
import { transferCheckResultSchema, transferCheckSchema } from '../../contract/transfers/transfer.ts';
import { answers } from './answers.ts';

export const publicAppOperations = {
  'GET /botCheck': { summary: 'A bot-check challenge to solve in the browser', response: answers('BotChallenge', botChallengeSchema) },
  'GET /whois/:domain': {
    summary: "A name's WHOIS record, after a solved bot check",
    path: z.object({ domain: z.string() }),
    query: z.object({ nonAuthoritative: z.enum(['true', 'false']).optional(), token: z.string() }),
    response: answers('Whois', z.strictObject({ whois: z.string() })),
  },
  'POST /domainTransferCheck': {
    summary: 'Whether each name can be transferred in, at what price, after a solved bot check',
    query: z.object({ token: z.string() }),
    body: { name: 'TransferCheck', schema: transferCheckSchema },
    response: answers('TransferCheckAnswer', z.strictObject({ domains: z.array(transferCheckResultSchema) })),
  },
  'POST /abuseReports': {
    summary: 'Report abuse (as JSON, or as a multipart form with an evidence file)',
    body: { name: 'AbuseReport', schema: abuseReportSchema },
    response: answers('AbuseReportAnswer', abuseReportAnswerSchema),
  },
  'GET /taxDisplay': {
    summary: 'How a consumer in a country is shown prices: VAT included, tax added at checkout, or none',
    query: taxDisplayQuerySchema,
    response: answers('TaxDisplay', taxDisplaySchema),
  },
  'GET /dev/outbox': {
    summary: "The sandbox's sent messages (sandbox mode only)",
    response: answers('Outbox', z.strictObject({ data: z.array(outboxMessageSchema) })),
  },
};
