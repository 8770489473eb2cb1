/** What every handler can reach through `c.var`. */
import type { Auth, Deps } from '../deps.ts';

export type AppEnv = { Variables: { deps: Deps; auth: Auth | null /** From the socket or trusted proxies only (client-address.ts). */; clientIp: string } };
