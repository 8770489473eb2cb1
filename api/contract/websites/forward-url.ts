/**
 * The forward address rule (control-panel spec §5 "Forward address"), shared by the Service tab and the server:
 * trimmed and non-empty; an optional http or https scheme, a host whose top-level domain has 2 or more letters, and an
 * optional port, path, query and fragment. Free of zod so the My Domains chunk stays small.
 */

export const invalidForwardUrlMessage = 'Please enter a valid website address';

const label = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
const forwardUrlPattern = new RegExp(String.raw`^(?:https?://)?(?:${label}\.)+\p{L}{2,63}(?::(\d{1,5}))?(?:/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$`, 'iu');

/** True when `input` is a forward address the spec allows. */
export function isValidForwardUrl(input: string): boolean {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 2000) return false;
  const match = forwardUrlPattern.exec(trimmed);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * The address as stored and redirected to: https:// added when no scheme was typed, the host lower-cased and in
 * punycode (URL does both). Null when the input breaks the rule.
 */
export function normaliseForwardUrl(input: string): string | null {
  if (!isValidForwardUrl(input)) return null;
  const trimmed = input.trim();
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    return new URL(withScheme).href;
  } catch {
    return null;
  }
}

/** The host a forward address points at (for refusing a domain that forwards to itself). */
export function forwardHost(normalised: string): string {
  return new URL(normalised).hostname.replace(/\.$/, '');
}
