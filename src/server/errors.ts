// Domain errors carry their HTTP status and, where PRODUCT.md defines one, a stable code. The single
// error handler in app.ts turns them into spec §8 bodies.
import type { ErrorBody } from '../shared/api/errors.ts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: number,
    readonly errors?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { message: this.message };
    if (this.code !== undefined) body.code = this.code;
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

/** 422 with field messages. */
export const validationFailed = (errors: Record<string, string[]>, message?: string) =>
  new AppError(422, message ?? Object.values(errors)[0]?.[0] ?? '提交的数据有误', undefined, errors);

/** 422 for one field. */
export const fieldError = (field: string, message: string) =>
  validationFailed({ [field]: [message] }, message);

export const unauthorized = (message = '登录已失效，请重新登录') => new AppError(401, message, 401001);
export const forbidden = (message = '没有权限执行此操作', code = 403001) => new AppError(403, message, code);
export const notFound = (message = '资源不存在') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code?: number) =>
  new AppError(429, message, code, undefined, retryAfterSeconds);
