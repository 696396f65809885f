// POST /v1/uploads (and other multipart forms, e.g. the score import) with a progress callback. redaxios (and
// fetch) report no upload progress, so these calls use XMLHttpRequest, with the api client's rules: /api base, the token chosen by apiType, a 401
// ends both sessions and reloads, failures become the same typed errors (ApiError / NetworkError /
// TimeoutError). No toast: upload fields show their error next to the file.
import type { UploadInfo, UploadKind } from '../../../shared/uploads/schema.ts';
import { clientEffects } from '../api/client.ts';
import { ApiError, NetworkError, TimeoutError, asErrorBody, errorMessageOf } from '../api/errors.ts';
import { t } from '../i18n/index.ts';
import { resetAllSessions, sessionForApiType, type ApiType } from '../state/session.ts';

/** Large files on a weak network: far more than the spec's 20 s for ordinary calls. */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Where a multipart form goes and how: the api client's token rules, with upload progress. */
export interface MultipartOptions {
  apiType?: ApiType;
  /** 0..100 */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Replaceable in tests. */
  createRequest?: () => XMLHttpRequest;
}

export interface UploadOptions extends MultipartOptions {
  kind: UploadKind;
  /** The name the server checks the extension of (a cropped Blob has none of its own). */
  fileName?: string;
}

/** POSTs a multipart form to `/api<url>` and resolves with the JSON answer (uploads, imports). */
export function postMultipart<T>(url: string, body: FormData, options: MultipartOptions = {}): Promise<T> {
  const { apiType = 'learners', onProgress, signal } = options;
  const session = sessionForApiType(apiType).value;
  return new Promise<T>((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    xhr.open('POST', `/api${url}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    if (session.token) xhr.setRequestHeader('Authorization', `${session.tokenType} ${session.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && data && typeof data === 'object') {
        onProgress?.(100);
        resolve(data as T);
        return;
      }
      const errorBody = asErrorBody(data);
      if (xhr.status === 401) {
        resetAllSessions();
        clientEffects.reload();
      }
      reject(new ApiError(xhr.status, errorMessageOf(xhr.status, errorBody), errorBody));
    };
    xhr.onerror = () => reject(new NetworkError(t('common.networkUnavailable')));
    xhr.ontimeout = () => reject(new TimeoutError(t('common.requestTimeout')));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

export function uploadFile(file: Blob, options: UploadOptions): Promise<UploadInfo> {
  const { kind, apiType = 'learners', onProgress, signal, createRequest } = options;
  const fileName = options.fileName ?? (file instanceof File ? file.name : 'upload');
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, fileName);
  return postMultipart<UploadInfo>(`/v1/uploads?kind=${encodeURIComponent(kind)}`, body, {
    apiType,
    onProgress,
    signal,
    createRequest,
  });
}
