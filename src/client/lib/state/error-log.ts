// Errors collected in production for the back office's error-log dialog (spec §2 layout extras, §8, §9).
import { signal, type Signal } from '@preact/signals-react';

export interface ErrorLogEntry {
  message: string;
  page: string;
  stack: string;
  time: number;
}

/** Keeps the dialog and memory bounded on a long-running admin tab. */
const MAX_ENTRIES = 100;

export const errorLogs: Signal<ErrorLogEntry[]> = signal([]);

export function addErrorLog(entry: Partial<ErrorLogEntry> & { message: string }): void {
  const full: ErrorLogEntry = {
    message: entry.message,
    page: entry.page ?? (typeof location !== 'undefined' ? location.pathname + location.search : ''),
    stack: entry.stack ?? '',
    time: entry.time ?? Date.now(),
  };
  errorLogs.value = [...errorLogs.value, full].slice(-MAX_ENTRIES);
}

export function clearErrorLogs(): void {
  errorLogs.value = [];
}

/** Error logging is enabled in production only (spec §9). */
export function errorLogEnabled(): boolean {
  return Boolean(import.meta.env.PROD);
}

/** Records uncaught errors and unhandled rejections (production only); call once at start-up. */
export function installGlobalErrorLogging(target: Window = window): void {
  target.addEventListener('error', (event) => {
    if (!errorLogEnabled()) return;
    const error = event.error as unknown;
    addErrorLog({
      message: event.message || String(error),
      stack: error instanceof Error ? (error.stack ?? '') : '',
    });
  });
  target.addEventListener('unhandledrejection', (event) => {
    if (!errorLogEnabled()) return;
    const reason = event.reason as unknown;
    // API failures are logged by the API client already.
    if (reason instanceof Error && ['ApiError', 'NetworkError', 'TimeoutError'].includes(reason.name)) return;
    addErrorLog({
      message: reason instanceof Error ? reason.message : String(reason),
      stack: reason instanceof Error ? (reason.stack ?? '') : '',
    });
  });
}
