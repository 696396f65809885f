// Configuration contract of PRODUCT.md §5, parsed once from the environment.
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl, type StorageSettings } from './storage/url.ts';

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DEMO: flag.optional(),
  CAPTCHA: flag.default(true),
  SMS_PROVIDER: z.enum(['log']).default('log'),
  PAYMENT_SECRET: z.string().optional(),
  /** The built-in sandbox payment gateway; default on outside production, off in production. */
  PAYMENT_SANDBOX: flag.optional(),
  CLIENT_DIR: z.string().default('./dist/client'),
  /** Set when a reverse proxy sits in front: true, or the proxies' addresses (comma-separated). */
  TRUST_PROXY: z.string().optional(),
  /** Unset: uploaded files under DATA_DIR/uploads; s3://bucket[/prefix]?endpoint=…: an S3-compatible bucket. */
  STORAGE_URL: z.string().optional(),
  /** The video library's tools (Debian's ffmpeg package); a name on PATH or a full path. */
  FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
});

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** undefined: decide at start-up (on for a new embedded database). */
  demo: boolean | undefined;
  captcha: boolean;
  smsProvider: 'log';
  clientDir: string;
  trustProxy: boolean | string;
  uploadDir: string;
  /** The video library's files (DATA_DIR/videos), always on the local disk: they are streamed with ranges. */
  videoDir: string;
  /** ffprobe and ffmpeg (probe and poster of uploaded videos); missing tools only turn video uploads off. */
  mediaTools: { ffprobe: string; ffmpeg: string };
  /** Where uploaded files are kept (storage/url.ts): the local folder uploadDir, or an S3-compatible bucket. */
  storage: StorageSettings;
  /** The key payment notifies are signed with (HMAC-SHA256). */
  paymentSecret: string;
  /** Whether the sandbox gateway (its pay page, confirm and notify) is served. */
  paymentSandbox: boolean;
  /** Tests only: an administrator's write that left no system-log row fails with 500 (lib/system-log.ts). */
  strictSystemLog: boolean;
}

/** A notify signed with a guessable key would mark any order paid, so production needs a long one. */
export const MIN_PAYMENT_SECRET_LENGTH = 32;
/** Outside production only: the demo and the tests sign with this well-known key. */
const DEVELOPMENT_PAYMENT_SECRET = 'sandbox-gateway-secret';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.parse(env);
  const production = parsed.NODE_ENV === 'production';
  if (production && !parsed.CAPTCHA) {
    throw new Error('CAPTCHA=off is refused when NODE_ENV=production');
  }
  const paymentSecret = parsed.PAYMENT_SECRET?.trim() || undefined;
  if (production && (!paymentSecret || paymentSecret.length < MIN_PAYMENT_SECRET_LENGTH)) {
    throw new Error(
      `PAYMENT_SECRET must be set to a random value of at least ${MIN_PAYMENT_SECRET_LENGTH} characters when NODE_ENV=production`,
    );
  }
  const dataDir = path.resolve(parsed.DATA_DIR);
  const uploadDir = path.join(dataDir, 'uploads');
  return {
    production,
    strictSystemLog: parsed.NODE_ENV === 'test',
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL || undefined,
    demo: parsed.DEMO,
    captcha: parsed.CAPTCHA,
    smsProvider: parsed.SMS_PROVIDER,
    clientDir: path.resolve(parsed.CLIENT_DIR),
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    uploadDir,
    videoDir: path.join(dataDir, 'videos'),
    mediaTools: { ffprobe: parsed.FFPROBE_PATH, ffmpeg: parsed.FFMPEG_PATH },
    storage: parseStorageUrl(env, uploadDir),
    paymentSecret: paymentSecret ?? DEVELOPMENT_PAYMENT_SECRET,
    paymentSandbox: parsed.PAYMENT_SANDBOX ?? !production,
  };
}

/** Without a proxy, X-Forwarded-For is ignored so clients cannot fake their IP past the rate limits. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || ['false', 'off', '0'].includes(value.toLowerCase())) return false;
  return ['true', 'on', '1'].includes(value.toLowerCase()) ? true : value;
}
