/** Environment parsed once with zod; nothing else reads process.env. */
import { z } from 'zod';
import { parseTrustedProxies } from './http/client-address.ts';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  /** `all`: HTTP and the job worker; `web`: HTTP only (enqueues jobs); `worker`: jobs, with only /api/health and /api/ready on PORT. */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** Serve the site and account app as built, never build at start (images, and processes beside one that builds). */
  SKIP_BUILD: z.stringbool().default(false),
  /** How often a worker looks for scheduled jobs that fell due (pg-boss's cron pass), in seconds. */
  JOB_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  DATABASE_URL: optional,
  /** Proxies whose X-Forwarded-For we believe: a hop count (`1`) or comma-separated addresses and CIDRs. Unset: none. */
  TRUSTED_PROXIES: optional,
  /** Public origin of the site, used for links in emails and the Origin check. */
  PUBLIC_URL: optional,
  DEMO_PASSWORD: optional,
  DEMO_TOTP_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Dotspot <no-reply@dotspot.example>'),
  SMS_GATEWAY_URL: optional,
  SMS_GATEWAY_TOKEN: optional,
  SMS_FROM: z.string().default('Dotspot'),
  EPP_HOST: optional,
  EPP_PORT: z.coerce.number().int().default(700),
  EPP_USERNAME: optional,
  EPP_PASSWORD: optional,
  EPP_REGISTRAR_NAME: z.string().default('Dotspot, Inc.'),
  EPP_TLS_CA_FILE: optional,
  CAPTCHA_VERIFY_URL: optional,
  CAPTCHA_SECRET: optional,
  CAPTCHA_SITE_KEY: optional,
  BOT_CHECK_SECRET: optional,
  /** HMAC key of admin JWTs; unset, one random key in the secrets table serves every process. */
  ADMIN_JWT_SECRET: optional,
  /** Sandbox registry answer delay in ms per extension, to make streaming visible. */
  SANDBOX_REGISTRY_LATENCY_MS: z.coerce.number().int().min(0).default(40),
  /** Proof-of-work difficulty: leading zero hex digits of the derived key (3 ≈ 4,000 hashes). Lower only for tests and benchmarks. */
  BOT_CHECK_DIFFICULTY: z.coerce.number().int().min(1).max(6).default(3),
});

export type Config = z.infer<typeof envSchema> & {
  providers: { payments: 'stripe' | 'sandbox'; mail: 'smtp' | 'sandbox'; sms: 'http' | 'sandbox'; registry: 'epp' | 'sandbox'; botCheck: 'captcha' | 'altcha' };
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const c = parsed.data;
  try {
    parseTrustedProxies(c.TRUSTED_PROXIES);
  } catch (error) {
    throw new Error(`Invalid configuration:\n${(error as Error).message}`);
  }
  return {
    ...c,
    providers: {
      payments: c.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox',
      mail: c.SMTP_URL ? 'smtp' : 'sandbox',
      sms: c.SMS_GATEWAY_URL ? 'http' : 'sandbox',
      registry: c.EPP_HOST ? 'epp' : 'sandbox',
      botCheck: c.CAPTCHA_SECRET ? 'captcha' : 'altcha',
    },
  };
}
