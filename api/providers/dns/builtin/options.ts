/** The built-in DNS server's settings, read from the DNS_* variables (README "DNS"). */
import type { Config } from '../../../config.ts';
import type { ResolverAddress } from './addresses.ts';
import type { RateLimitOptions } from './rate-limit.ts';

export type BuiltinDnsOptions = {
  /** Allowed to transfer zones (AXFR/IXFR) and sent NOTIFY when a serial changes (DNS_SECONDARIES). */
  secondaries?: readonly ResolverAddress[];
  /** Response rate limiting; off when omitted or at 0 responses a second. */
  rateLimit?: RateLimitOptions;
  /** Resolvers asked for ALIAS targets outside our zones (DNS_ALIAS_RESOLVER); none: those targets have no addresses. */
  aliasResolvers?: readonly ResolverAddress[];
  /** RFC 8482: one RRset for ANY (default); false answers every RRset at the name. */
  minimalAny?: boolean;
};

/** The server's settings from the DNS_* variables (README "DNS"). */
export function builtinDnsOptions(
  config: Pick<
    Config,
    | 'DNS_SECONDARIES'
    | 'DNS_ALIAS_RESOLVER'
    | 'DNS_RRL_RESPONSES_PER_SECOND'
    | 'DNS_RRL_SLIP'
    | 'DNS_RRL_IPV4_PREFIX'
    | 'DNS_RRL_IPV6_PREFIX'
    | 'DNS_MINIMAL_ANY'
  >,
): BuiltinDnsOptions {
  return {
    secondaries: config.DNS_SECONDARIES,
    aliasResolvers: config.DNS_ALIAS_RESOLVER,
    rateLimit: {
      responsesPerSecond: config.DNS_RRL_RESPONSES_PER_SECOND,
      slip: config.DNS_RRL_SLIP,
      ipv4Prefix: config.DNS_RRL_IPV4_PREFIX,
      ipv6Prefix: config.DNS_RRL_IPV6_PREFIX,
    },
    minimalAny: config.DNS_MINIMAL_ANY,
  };
}
