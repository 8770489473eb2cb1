/**
 * What an API token may do (issue #15). A token carries one or more scopes; each /api route a token may call names
 * the scope it needs in http/token-routes.ts. Everything else (sign-in, checkout, tokens themselves, payment
 * methods, security settings) is cookie-only.
 */
import '../zod-config.ts';
import { z } from 'zod';

export const apiScopes = ['domains:read', 'dns:write', 'nameservers:write', 'renewals:write', 'search'] as const;
export type ApiScope = (typeof apiScopes)[number];
export const apiScopeSchema = z.enum(apiScopes, { error: `Scopes are ${apiScopes.join(', ')}` });

export const apiScopeLabels: Record<ApiScope, { label: string; description: string }> = {
  'domains:read': { label: 'Read domains', description: 'List your domains and read their settings' },
  'dns:write': { label: 'Manage DNS', description: 'Read, add, change and delete DNS records' },
  'nameservers:write': { label: 'Manage nameservers', description: 'Change nameservers and registered (glue) nameservers' },
  'renewals:write': { label: 'Manage renewals', description: 'Renew domains with your default card and turn auto-renew on or off' },
  search: { label: 'Search', description: 'Check whether names are available and what they cost' },
};

/** Tokens start with this, so secret scanners and people can tell one when they see it. */
export const apiTokenPrefix = 'dsp_';
