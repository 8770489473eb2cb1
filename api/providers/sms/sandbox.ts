/** SMS that goes to the outbox table; a tester reads codes at /dev/outbox. */
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { SmsProvider } from './index.ts';

/** Numbers in the +1 555 01xx fictional range whose last digits are 99 fail, like an unreachable handset. */
export const undeliverableSandboxPhone = /^\+1\d{3}55501\d9$/;

export function createSandboxSms(db: Db): SmsProvider {
  return {
    name: 'sandbox',
    async send({ to, body }) {
      if (undeliverableSandboxPhone.test(to)) throw new Error(`SMS gateway rejected ${to}: unreachable`);
      await db.insert(outbox).values({ channel: 'sms', to, body, createdAt: now() });
    },
  };
}
