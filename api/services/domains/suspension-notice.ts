/**
 * What the registrant is told when a domain is suspended and when the suspension is lifted: what is blocked, why, and
 * how to have it lifted. One template for every kind (staff, abuse desk), so what a suspension blocks is said once.
 */
import { suspensionBlocksSentence } from '../../contract/domains/suspension-gate.ts';

export type SuspensionNotice = { subject: string; text: string };

/** What a suspension blocks, in the registrant's words. */
export const suspensionBlocks =
  'it does not resolve on the Internet (its website and email stop working), and it cannot be unlocked, transferred to another registrar or given an auth code';

export function suspensionNotice(input: { domain: string; why: string; howToLift: string; brandName: string }): SuspensionNotice {
  return {
    subject: `${input.domain} is suspended`,
    text:
      `${input.brandName} has suspended ${input.domain}. ${suspensionBlocksSentence}\n\n` + `Why: ${input.why}\n\nHow to have it lifted: ${input.howToLift}`,
  };
}

export function suspensionLiftedNotice(input: { domain: string; stillSuspended: boolean; brandName: string }): SuspensionNotice {
  return input.stillSuspended
    ? {
        subject: `One suspension of ${input.domain} is lifted`,
        text: `${input.brandName} lifted one suspension of ${input.domain}, but another still holds it: ${suspensionBlocks} until that one is lifted too. My Domains says why.`,
      }
    : {
        subject: `${input.domain} is no longer suspended`,
        text: `${input.brandName} lifted the suspension of ${input.domain}: it resolves again, and you can unlock and transfer it as before. DNS changes can take a few minutes to reach everyone.`,
      };
}
