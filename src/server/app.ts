// Builds the HTTP application: plugins first, then the /api routes, then the built PWA with its cache
// headers and SPA fallback. One error handler implements spec §8 from the server side.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import '../shared/api/zod-locale.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { AppError, fieldError, validationFailed } from './errors.ts';
import { portalFirstPaint } from './plans/portal-shell.ts';
import { clientShell, type ShellHints } from './http/client-shell.ts';
import { learnerFirstAnswers, learnerFirstPaint } from './http/learner-first-answers.ts';
import { firstPaint } from './http/first-paint.ts';
import {
  jsonDepthExceeds,
  MAX_JSON_DEPTH,
  UNSTORABLE_TEXT_MESSAGE,
  unstorableTextPath,
} from './http/validate.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { startJobRunner } from './jobs/runner.ts';
import { systemLogGuard } from './lib/system-log.ts';
import { openStorage, type FileStorage } from './storage/service.ts';
import authPlugin from './plugins/auth.ts';
import hotReadPlugin from './cache/plugin.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import { apiRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: AppConfig;
    storage: FileStorage;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'version.json', 'manifest.webmanifest']);
/** What the multipart parser (busboy) throws, without a status, for a form cut short or without a boundary. */
const MALFORMED_MULTIPART = /unexpected end of multipart data|boundary not found/i;
/** The build's compressed copies of a file (scripts/web/precompress.ts). */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  logger?: boolean;
  /** Poll and run background jobs in this process (jobs/runner.ts); tests run them on demand instead. */
  runJobs?: boolean;
}

export async function buildApp({
  config,
  database,
  logger = false,
  runJobs = true,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.production ? 'info' : 'warn' } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
  });
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('storage', openStorage(config.storage, app.log));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes and CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Before compress: its onSend must see the uncompressed answer it stores for replays.
  await app.register(idempotencyPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  // Counters in the database, shared by every process on it (fails open: http/rate-limit-store.ts).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db, app.log) });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 5, fields: 20 } });
  await app.register(hotReadPlugin);
  await app.register(authPlugin);
  systemLogGuard(app);

  guardRequestInput(app);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: '请求过于频繁，请稍后再试' });
    }
    if (request.isMultipart() && MALFORMED_MULTIPART.test(error.message)) {
      return reply.status(422).send({ message: '上传的内容不完整', errors: { file: ['上传的内容不完整'] } });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(422).send({ message: '提交的内容过大', errors: { body: ['提交的内容过大'] } });
    }
    if (
      error.validation ||
      error.code?.startsWith('FST_ERR_CTP') ||
      error instanceof SyntaxError ||
      status === 400 ||
      status === 415
    ) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的内容类型' : '请求数据格式错误';
      return reply.status(422).send({ message, errors: { body: [message] } });
    }
    if (status >= 500) {
      request.log.error(error);
      return reply.status(status).send({ message: '服务器开小差了，请稍后再试' });
    }
    return reply.status(status).send({ message: error.message });
  });

  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes);
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: '接口不存在' }));
    },
    { prefix: '/api' },
  );

  await registerClient(app, config.clientDir);
  if (runJobs) startJobRunner(app);
  return app;
}

/**
 * Input no route can store, refused for every route before its handler (spec §8: 422 with the field):
 * JSON nested deeper than any form (storing or hashing it recurses per level), and text PostgreSQL cannot
 * hold (NUL, a lone surrogate) in the path, query or body.
 */
function guardRequestInput(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonDepthExceeds(text)) {
      const message = `提交的数据层级过深（最多 ${MAX_JSON_DEPTH} 层）`;
      done(fieldError('body', message), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    const parts: [unknown, string][] = [
      [request.params, 'params'],
      [request.query, 'query'],
      [request.body, 'body'],
    ];
    for (const [value, root] of parts) {
      const path = unstorableTextPath(value);
      if (path) throw validationFailed({ [path.length ? path.join('.') : root]: [UNSTORABLE_TEXT_MESSAGE] });
    }
  });
}

/** The built PWA: hashed assets immutable, the shell and update files no-cache, SPA fallback. */
async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ message: '页面不存在', path: request.url }),
    );
    return;
  }
  const shell = clientShell(clientDir);
  const sendShell = async (
    request: FastifyRequest,
    reply: FastifyReply,
    first: Omit<ShellHints, 'modules'> = {},
    { personal = false } = {},
  ) =>
    reply
      // A page with a learner's own answers is never stored, by the browser or anything between.
      .header('Cache-Control', personal ? 'private, no-store' : 'no-cache')
      // The paint is in the page's language and size (the cookies, else the browser's languages).
      .header('Vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(await shell.html(request.url, first));
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    // The shell is sent by the routes below, with the page's hints (http/client-shell.ts).
    index: false,
    // The build's .br/.gz copies (scripts/web/precompress.ts), sent as they are; a file without one is
    // compressed by @fastify/compress as any other answer.
    preCompressed: true,
    setHeaders(res, filePath) {
      // A compressed copy (`sw.js.br`) gets the headers of the file it stands for.
      const name = path.basename(filePath).replace(PRECOMPRESSED_SUFFIX, '');
      if (NO_CACHE_FILES.has(name)) res.header('Cache-Control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'public, max-age=3600');
    },
  });
  // The portal's home page: its banners and skill tests come with it, its banners painted.
  app.get('/', async (request, reply) => {
    const first = await portalFirstPaint(app.db);
    const paint = await firstPaint(request, 'portal', first.banners, shell.paint);
    return sendShell(request, reply, { banner: first.banner, answers: first.answers, paint });
  });
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isAsset = path.extname(url) !== '';
    // The static wildcard route also matches /api/*: an unknown API path is a JSON 404, never the shell.
    if (url === '/api' || url.startsWith('/api/')) return reply.status(404).send({ message: '接口不存在' });
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.status(404).send({ message: '页面不存在' });
    if (isAsset) return reply.status(404).type('text/plain').send('Not found');
    // A user-centre page opened with the learner's session comes with the learner's first answers.
    const answers = await learnerFirstAnswers(app, request);
    const paint = await learnerFirstPaint(request, answers, shell.paint);
    return sendShell(request, reply, { answers, paint }, { personal: Object.keys(answers).length > 0 });
  });
}
