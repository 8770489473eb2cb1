/** The dates of a renewable term: how many years it may still be extended by, and when it auto-renews. */
import { addYears } from 'date-fns/addYears';
import { subDays } from 'date-fns/subDays';
import { autoRenewLeadDays } from '../../contract/domains/domain-status.ts';
import { maxRenewalPeriod } from '../../contract/renewals/renewals.ts';

/** The most years `expireDate` may still be extended by: the registry refuses a term ending more than 10 years from today. */
export function maxYearsFor(expireDate: Date, today: Date): number {
  const limit = addYears(today, maxRenewalPeriod);
  let years = 0;
  while (years < maxRenewalPeriod && addYears(expireDate, years + 1) <= limit) years += 1;
  return years;
}

/** Next auto-renew date of a term: about 15 days before it ends (spec §4), or none when auto-renew is off. */
export function autoRenewDateFor(expireDate: Date, autoRenewEnabled: boolean): Date | null {
  return autoRenewEnabled ? subDays(expireDate, autoRenewLeadDays) : null;
}
