// @vitest-environment node
// STORAGE_URL: unset keeps the local folder; an s3:// URL is read field by field; anything malformed stops
// start-up with a message naming the variable and the expected form; credentials never show in the config.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/config.ts';
import { localFolderStorage } from '../../../../src/server/storage/service.ts';
import { parseStorageUrl, StorageUrlError } from '../../../../src/server/storage/url.ts';

const LOCAL = '/srv/data/uploads';
const parse = (STORAGE_URL: string | undefined, env: NodeJS.ProcessEnv = {}) =>
  parseStorageUrl({ ...env, STORAGE_URL }, LOCAL);

describe('STORAGE_URL', () => {
  it('keeps the local upload folder when unset or empty', () => {
    expect(parse(undefined)).toEqual({ kind: 'local', dir: LOCAL });
    expect(parse('  ')).toEqual({ kind: 'local', dir: LOCAL });
    const config = loadConfig({ DATA_DIR: '/srv/data' });
    expect(config.storage).toEqual({ kind: 'local', dir: config.uploadDir });
  });

  it('reads the bucket, prefix, endpoint, region and path style of an s3:// URL', () => {
    const settings = parse(
      's3://exam-files/site-a/uploads/?endpoint=http://127.0.0.1:9000&region=cn-east-1&force_path_style=true',
    );
    expect(settings).toMatchObject({
      kind: 's3',
      bucket: 'exam-files',
      prefix: 'site-a/uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'cn-east-1',
      forcePathStyle: true,
      credentials: undefined,
    });
  });

  it('defaults to no prefix, the provider endpoint, AWS_REGION else us-east-1, and virtual-hosted style', () => {
    expect(parse('s3://exam-files')).toMatchObject({
      bucket: 'exam-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(parse('s3://exam-files', { AWS_REGION: 'ap-shanghai' })).toMatchObject({ region: 'ap-shanghai' });
  });

  it('takes the credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY and never prints them', async () => {
    const env = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'very-secret-key' };
    const settings = parse('s3://exam-files', env);
    if (settings.kind !== 's3' || !settings.credentials) throw new Error('expected S3 credentials');
    expect(await settings.credentials()).toEqual({
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'very-secret-key',
    });
    const config = loadConfig({ ...env, STORAGE_URL: 's3://exam-files' });
    for (const shown of [JSON.stringify(config), inspect(config, { depth: 10 })]) {
      expect(shown).not.toContain('very-secret-key');
      expect(shown).not.toContain('AKIDEXAMPLE');
    }
  });

  it.each([
    ['not a URL', 'exam-files', /not a URL/],
    ['another scheme', 'ftp://exam-files', /unknown scheme ftp/],
    ['a bad bucket name', 's3://Exam_Files', /bucket name/],
    ['a typo in a parameter', 's3://exam-files?endpiont=http://x', /unknown parameter endpiont/],
    ['an endpoint that is no http URL', 's3://exam-files?endpoint=127.0.0.1:9000', /endpoint must be/],
    ['a path style that is no flag', 's3://exam-files?force_path_style=maybe', /force_path_style/],
    ['a prefix with spaces', 's3://exam-files/my%20files', /the prefix may hold/],
    ['credentials in the URL', 's3://key:secret@exam-files', /AWS_ACCESS_KEY_ID/],
  ])('refuses %s with a message naming the variable', (_what, value, reason) => {
    expect(() => parse(value)).toThrow(StorageUrlError);
    expect(() => parse(value)).toThrow(reason);
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(/^STORAGE_URL is not valid: .*Expected unset/);
  });

  it('refuses one AWS credential without the other', () => {
    expect(() => parse('s3://exam-files', { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toThrow(/set together/);
  });
});

describe('the local folder storage', () => {
  it('writes files only its user can read, reads them back, and answers null for a missing key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    try {
      const storage = localFolderStorage(dir);
      await storage.put('ab/abcdef', Buffer.from('hello'), 'text/plain');
      expect(fs.statSync(path.join(dir, 'ab', 'abcdef')).mode & 0o777).toBe(0o600);
      const file = await storage.get('ab/abcdef');
      expect(file?.size).toBe(5);
      const chunks: Buffer[] = [];
      for await (const chunk of file!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('hello');
      expect(await storage.get('ab/missing')).toBeNull();
      await storage.delete('ab/abcdef');
      await storage.delete('ab/abcdef');
      expect(await storage.get('ab/abcdef')).toBeNull();
      await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /invalid storage key/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
