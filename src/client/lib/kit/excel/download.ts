// Excel downloads with progress. Exports are streamed by the server, so their size is not known in advance:
// progress is the bytes received (and a percentage when the server did send a length). fetch through the
// api client reports no progress, so this uses XMLHttpRequest with the client's token rules, like
// uploads; the page then saves the Blob (lib/dom/save-blob.ts).
import { clientEffects } from '../../api/client.ts';
import { ApiError, NetworkError, TimeoutError, asErrorBody, errorMessageOf } from '../../api/errors.ts';
import { t } from '../../i18n/index.ts';
import { resetAllSessions, sessionForApiType, type ApiType } from '../../state/session.ts';

/** A large export on a weak network: far more than the spec's 20 s for ordinary calls. */
export const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

export interface DownloadProgress {
  received: number;
  /** null while the size is unknown (a streamed export). */
  total: number | null;
}

export interface DownloadOptions {
  apiType?: ApiType;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** Replaceable in tests. */
  createRequest?: () => XMLHttpRequest;
}

async function errorOf(xhr: XMLHttpRequest): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = JSON.parse(await (xhr.response as Blob).text());
  } catch {
    body = null;
  }
  const errorBody = asErrorBody(body);
  return new ApiError(xhr.status, errorMessageOf(xhr.status, errorBody), errorBody);
}

/** GETs `/api<url>` as a Blob, reporting progress as it arrives. */
export function fetchWithProgress(url: string, options: DownloadOptions = {}): Promise<Blob> {
  const { apiType = 'administrators', onProgress, signal } = options;
  const session = sessionForApiType(apiType).value;
  return new Promise<Blob>((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    xhr.open('GET', `/api${url}`);
    xhr.responseType = 'blob';
    xhr.timeout = DOWNLOAD_TIMEOUT_MS;
    if (session.token) xhr.setRequestHeader('Authorization', `${session.tokenType} ${session.token}`);
    xhr.onprogress = (event) =>
      onProgress?.({ received: event.loaded, total: event.lengthComputable ? event.total : null });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(xhr.response as Blob);
        return;
      }
      if (xhr.status === 401) {
        resetAllSessions();
        clientEffects.reload();
      }
      void errorOf(xhr).then(reject);
    };
    xhr.onerror = () => reject(new NetworkError(t('common.networkUnavailable')));
    xhr.ontimeout = () => reject(new TimeoutError(t('common.requestTimeout')));
    xhr.onabort = () => reject(new DOMException('Download cancelled', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('Download cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send();
  });
}

/** "1.2 MB", "35 KB": how much of a download has arrived. */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
