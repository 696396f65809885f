// Error shapes and stable business codes (spec §8, PRODUCT.md §2). The server answers these bodies; the
// client's API layer is the one place that turns them into toasts.

export const ERROR_CODES = {
  /** 403: the learner's profile is incomplete; the page sends them to /userCenter/userInfo. */
  profileIncomplete: 403002,
  /** 403: outside the open window (registration or exam not open). */
  outsideWindow: 403003,
  /** 403: the administrator's type may not use this resource. */
  forbiddenRole: 403001,
  /** 403: the feature (or its whole system) is switched off in the functional modules. */
  featureDisabled: 403004,
  /** 403: the administrator's role does not grant the page this call belongs to. */
  notGranted: 403005,
  /** 401: token missing, expired or revoked. */
  unauthenticated: 401001,
  /** 423-like lock expressed as 429 for repeated login failures from one source. */
  loginLocked: 429001,
  /** 422: this login attempt (or the next) must carry the image captcha; the form shows the field. */
  captchaRequired: 422001,
  /** 409: the online exam's attempt is closed; the answers sent were kept as late answers. */
  examClosed: 409001,
} as const;

/** Codes that the client hands back to the caller as data, without a toast (spec §8). */
export const PASS_THROUGH_403_CODES: readonly number[] = [
  ERROR_CODES.profileIncomplete,
  ERROR_CODES.outsideWindow,
];

export interface ErrorBody {
  message: string;
  code?: number;
  errors?: Record<string, string[]>;
}

export interface ListMeta {
  total: number;
  page: number;
  limit: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
