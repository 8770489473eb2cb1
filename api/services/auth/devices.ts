/**
 * The browsers a user signs in from, told apart by a long-lived random cookie (stored hashed), and what a browser
 * and system are called in Account activity ("Chrome 131 on macOS"; bowser reads the User-Agent).
 */
import Bowser from 'bowser';
import { and, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { knownDevices } from '../../db/schema/index.ts';
import { hashToken } from '../kernel/tokens.ts';

/** "Firefox 133 on Windows 10", "Safari on iOS 18.1", or "an unknown browser". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'an unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}`
    : 'an unknown browser';
  const os = parsed.os.name
    ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : parsed.os.version ? ` ${parsed.os.version}` : ''}`
    : null;
  return os ? `${browser} on ${os}` : browser;
}

/**
 * Notes the browser for the user and says whether it is new to them. The first browser of a user with none on
 * record (a first sign-in, or an account from before devices were kept) is not "new": there is nothing to compare.
 */
export async function noteDevice(db: Db, userId: number, deviceId: string, userAgent: string | undefined): Promise<{ isNew: boolean }> {
  const deviceHash = hashToken(`device:${deviceId}`);
  const at = now();
  const [known] = await db
    .update(knownDevices)
    .set({ lastSeen: at })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .returning({ knownDeviceId: knownDevices.knownDeviceId });
  if (known) return { isNew: false };
  const [other] = await db.select({ knownDeviceId: knownDevices.knownDeviceId }).from(knownDevices).where(eq(knownDevices.userId, userId)).limit(1);
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash, description: describeUserAgent(userAgent), firstSeen: at, lastSeen: at })
    .onConflictDoNothing();
  return { isNew: Boolean(other) };
}
