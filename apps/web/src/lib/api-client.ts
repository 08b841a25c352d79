import { type ApiEnvelope, type ApiFieldError, MessageKeys, REQUEST_TIMEOUT_MS } from '@kantora/domain';
import { filenameFromContentDisposition } from './content-disposition.ts';
import i18n, { translateMessage } from './i18n.ts';
import { isLocale } from './locale.ts';
import { currentAppPath, loginPath, navigateTo } from './navigation.ts';
import { notify } from './notify.ts';
import { clearToken, getToken } from './token.ts';

export const API_BASE = '/api';

/** A failed call: HTTP status (0 for network failure or timeout), the message and the field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiFieldError[];

  constructor(status: number, message: string, errors: ApiFieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** No toasts and no sign-out redirect on 401: the caller handles the failure. */
  quiet?: boolean;
  /** Translated labels of fields, used to prefix 400 validation messages. */
  fieldLabels?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

// ---- pending requests (drives the global loading bar) ----

let pending = 0;
const pendingListeners = new Set<() => void>();

function changePending(delta: number): void {
  pending += delta;
  for (const listener of pendingListeners) listener();
}

export function pendingRequests(): number {
  return pending;
}

export function subscribePending(listener: () => void): () => void {
  pendingListeners.add(listener);
  return () => pendingListeners.delete(listener);
}

// ---- session expiry ----

function expireSession(): void {
  clearToken();
  const path = currentAppPath();
  if (path.startsWith('/login')) return;
  navigateTo(loginPath(path, { notify: MessageKeys.session_expired }));
}

// ---- transport ----

function genericText(): string {
  return translateMessage(MessageKeys.generic_error);
}

/**
 * The label of a field path from the server (`email`, `name.bg`, `address.city.it`): the caller's
 * labels first, then the `fields` namespace (whole path with `_`, then its last named segment),
 * with the language added for a `{bg, it}` part.
 */
function fieldLabel(field: string, options: RequestOptions): string | null {
  if (!field) return null;
  if (options.fieldLabels?.[field]) return options.fieldLabels[field];
  const whole = `fields:${field.replace(/\./g, '_')}`;
  if (i18n.exists(whole)) return i18n.t(whole);
  const parts = field.split('.');
  const locale = parts.length > 1 && isLocale(parts[parts.length - 1]) ? parts.pop() : undefined;
  const named = [...parts].reverse().find((part) => !/^\d+$/.test(part));
  const key = named ? `fields:${named}` : '';
  if (!key || !i18n.exists(key)) return null;
  return locale ? `${i18n.t(key)} (${i18n.t(`common:language_names.${locale}`)})` : i18n.t(key);
}

/** The toast text of a failed answer (docs/architecture.md, "Dates, formats and the web's behaviour"). */
function failureText(status: number, body: Partial<ApiEnvelope<unknown>> | null, options: RequestOptions): string {
  const message = body && typeof body.Message === 'string' ? body.Message : '';
  if (status === 400) {
    const errors = body && 'Errors' in body && Array.isArray(body.Errors) ? body.Errors : [];
    if (errors.length > 0) {
      return errors
        .map((error) => {
          const label = fieldLabel(error.field, options);
          const text = translateMessage(error.message, error.params);
          return label ? `${label}: ${text}` : text;
        })
        .join('\n');
    }
  }
  return message ? translateMessage(message) : genericText();
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  changePending(1);
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    const key = timedOut ? 'request_timeout' : options.signal?.aborted ? 'request_cancelled' : 'network_error';
    const error = new ApiError(0, translateMessage(key));
    if (!options.quiet && key !== 'request_cancelled') notify.error(error.message);
    throw Object.assign(error, { cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
    changePending(-1);
  }
}

async function readJson(response: Response): Promise<Partial<ApiEnvelope<unknown>> | null> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return (await response.json()) as Partial<ApiEnvelope<unknown>>;
  } catch {
    return null;
  }
}

function fail(response: Response, body: Partial<ApiEnvelope<unknown>> | null, options: RequestOptions): never {
  const status = response.status;
  const errors = body && 'Errors' in body && Array.isArray(body.Errors) ? body.Errors : [];
  if (status === 401 && options.auth !== false && !options.quiet) {
    expireSession();
    throw new ApiError(401, translateMessage(MessageKeys.session_expired), errors);
  }
  const text = failureText(status, body, options);
  if (!options.quiet) notify.error(text);
  throw new ApiError(status, text, errors);
}

/** One JSON call: returns `Result` of a success envelope, toasts and throws ApiError otherwise. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const body = await readJson(response);
  if (response.ok && body?.Type === 1) {
    if (body.Message && !options.quiet) notify.success(body.Message);
    return body.Result as T;
  }
  return fail(response, body, options);
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown = {}, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body }),
};

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file answer's response (a failure, answered with an envelope, is shown and thrown like any other call) and name. */
async function fileResponse(
  path: string,
  body: unknown,
  options: Omit<RequestOptions, 'body'>,
): Promise<{ response: Response; filename: string }> {
  const response = await send(path, { ...options, body, method: body === undefined ? 'GET' : 'POST' });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = await readJson(response);
    fail(response, envelope ?? { Type: 0, Message: '' }, options);
  }
  const fallback = path.split('?')[0].split('/').pop() || 'download';
  const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallback;
  return { response, filename };
}

/**
 * Fetches a file answer (GET, or POST when a body is given) as a blob with the name of its Content-Disposition
 * header. Failures answer with an envelope and are shown like any other call.
 */
export async function fetchBlob(
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<{ blob: Blob; filename: string }> {
  const { response, filename } = await fileResponse(path, body, options);
  return { blob: await response.blob(), filename };
}

/** How far a download is: the bytes received, and the answer's headers (known from the first progress on). */
export interface DownloadProgress {
  received: number;
  headers: Headers;
}

/**
 * Downloads a file answer read as it arrives (the body's reader), telling `onProgress` after the headers and after
 * every chunk, then saves it under the name of its Content-Disposition header. `signal` stops it at any point.
 */
export async function downloadWithProgress(
  path: string,
  body: unknown,
  onProgress: (progress: DownloadProgress) => void,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<string> {
  const { response, filename } = await fileResponse(path, body, options);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, headers: response.headers });
  const reader = response.body?.getReader();
  if (reader) {
    const stop = () => void reader.cancel().catch(() => undefined);
    options.signal?.addEventListener('abort', stop);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (options.signal?.aborted) throw new ApiError(0, translateMessage('request_cancelled'));
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        received += value.byteLength;
        onProgress({ received, headers: response.headers });
      }
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      const error = new ApiError(0, translateMessage('network_error'));
      if (!options.quiet) notify.error(error.message);
      throw Object.assign(error, { cause });
    } finally {
      options.signal?.removeEventListener('abort', stop);
    }
  } else {
    chunks.push(new Uint8Array(await response.arrayBuffer()));
  }
  saveBlob(new Blob(chunks, { type }), filename);
  return filename;
}

/** Downloads a file answer and saves it under the name of its Content-Disposition header. */
export async function download(
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<string> {
  const { blob, filename } = await fetchBlob(path, body, options);
  saveBlob(blob, filename);
  return filename;
}

/**
 * Opens a file answer (a PDF) in a new tab: the tab opens at once, while the click still counts as the user's
 * (a tab opened after an await is blocked as a pop-up), then shows the blob fetched with the token; with pop-ups
 * blocked the file is saved. A failed call closes the tab again and shows why.
 */
export async function openInNewTab(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob, filename } = await fetchBlob(path);
    // Pop-ups blocked: the file is saved instead.
    if (!tab) return saveBlob(blob, filename);
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // The tab has loaded the bytes long before; the URL is released to free them.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
