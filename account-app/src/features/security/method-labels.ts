/** What each kind of two-factor method is called on screen. */
import type { MfaMethod } from './api.ts';

export const methodLabels: Record<MfaMethod['type'], string> = { totp: 'Authenticator app', sms: 'Text message', email: 'Email' };
