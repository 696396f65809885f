// STORAGE_URL: where uploaded files live. Unset = the local folder under DATA_DIR (the embedded default);
// `s3://bucket[/prefix]?endpoint=…&region=…&force_path_style=true` = an S3-compatible object store (MinIO,
// Ceph, Alibaba OSS, Tencent COS, AWS). Credentials come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY
// (+ AWS_SESSION_TOKEN), else from the AWS SDK's own chain (instance role, profile); they are kept in a
// function so that printing the configuration never prints them.
import { z } from 'zod';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export type StorageSettings =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Prepended to every key, without leading or trailing slash ('' for none). */
      prefix: string;
      /** undefined: the provider's default endpoint for the region (AWS). */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** undefined: the SDK's default credential chain. */
      credentials: (() => Promise<S3Credentials>) | undefined;
    };

export const STORAGE_URL_FORM =
  's3://bucket[/prefix]?endpoint=https://host:port&region=us-east-1&force_path_style=true';

const PARAMS = ['endpoint', 'region', 'force_path_style'] as const;

const s3UrlSchema = z.object({
  // DNS-style bucket names (AWS, MinIO, OSS, COS: lower case, digits, dots, hyphens, 3 to 63 characters).
  bucket: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'the bucket name must be 3-63 lower-case letters, digits, dots or hyphens',
    ),
  prefix: z
    .string()
    .max(200, 'the prefix is too long')
    .regex(
      /^[A-Za-z0-9._\-/]*$/,
      'the prefix may hold letters, digits, dots, hyphens, underscores and slashes',
    )
    .refine(
      (p) => !p.split('/').some((s) => s === '.' || s === '..'),
      'the prefix may not hold . or .. segments',
    ),
  endpoint: z.url({ protocol: /^https?$/, error: 'endpoint must be an http:// or https:// URL' }).optional(),
  region: z.string().regex(/^[a-z0-9-]{1,40}$/, 'region must look like us-east-1'),
  force_path_style: z.enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'force_path_style must be true or false',
  }),
});

/** Raised for a malformed STORAGE_URL: start-up stops with this message. */
export class StorageUrlError extends Error {
  constructor(reason: string) {
    super(`STORAGE_URL is not valid: ${reason}. Expected unset (local folder) or ${STORAGE_URL_FORM}`);
    this.name = 'StorageUrlError';
  }
}

/**
 * Parses STORAGE_URL (and the AWS_* credentials) from `env`; unset or empty gives the local folder `localDir`.
 * Throws StorageUrlError, with the reason, for anything else than a well-formed s3:// URL.
 */
export function parseStorageUrl(env: NodeJS.ProcessEnv, localDir: string): StorageSettings {
  const value = env.STORAGE_URL?.trim();
  if (!value) return { kind: 'local', dir: localDir };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageUrlError('not a URL');
  }
  if (url.protocol !== 's3:')
    throw new StorageUrlError(`unknown scheme ${url.protocol.replace(/:$/, '')}://`);
  if (url.username || url.password)
    throw new StorageUrlError('put credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, not in the URL');
  if (url.hash) throw new StorageUrlError('a #fragment is not allowed');
  const unknown = [...url.searchParams.keys()].filter((k) => !(PARAMS as readonly string[]).includes(k));
  if (unknown.length)
    throw new StorageUrlError(`unknown parameter ${unknown.join(', ')} (known: ${PARAMS.join(', ')})`);
  const parsed = s3UrlSchema.safeParse({
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint: url.searchParams.get('endpoint') ?? undefined,
    region: url.searchParams.get('region') ?? (env.AWS_REGION?.trim() || 'us-east-1'),
    force_path_style: (url.searchParams.get('force_path_style') ?? 'false').toLowerCase(),
  });
  if (!parsed.success)
    throw new StorageUrlError(parsed.error.issues.map((issue) => issue.message).join('; '));
  const { bucket, prefix, endpoint, region } = parsed.data;
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region,
    forcePathStyle: ['true', '1', 'on', 'yes'].includes(parsed.data.force_path_style),
    credentials: credentialsFrom(env),
  };
}

function credentialsFrom(env: NodeJS.ProcessEnv): (() => Promise<S3Credentials>) | undefined {
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey)
    throw new StorageUrlError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all');
  const sessionToken = env.AWS_SESSION_TOKEN?.trim() || undefined;
  const credentials: S3Credentials = {
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
  };
  return async () => credentials;
}
