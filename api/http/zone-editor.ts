/** Who is changing a zone, for its history: the signed-in customer, or the API token standing in for them. */
import type { Context } from 'hono';
import type { ZoneChangeSource } from '../contract/dns/zone-history.ts';
import { type ZoneEditor, zoneEditorFor } from '../services/dns/zone-changes.ts';
import { requireAccount } from './auth.ts';
import type { AppEnv } from './env.ts';

export async function zoneEditor(c: Context<AppEnv>, source?: Exclude<ZoneChangeSource, 'api' | 'staff' | 'system'>): Promise<ZoneEditor> {
  const { userId } = requireAccount(c);
  return zoneEditorFor(c.var.deps.db, { userId, apiTokenId: c.var.auth?.apiToken?.apiTokenId }, source);
}
