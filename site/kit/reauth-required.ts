/** Whether an API answer is the server's "confirm it's you first" (403 `data.reauthRequired`, api/services/auth/recent-auth.ts). */
import { type ApiFailure, isFailure } from './api.ts';

export function isReauthRequired(value: unknown): value is ApiFailure {
  return isFailure(value) && value.status === 403 && (value.data as { reauthRequired?: boolean } | undefined)?.reauthRequired === true;
}
