import { REQUEST_TIMEOUT_MS, TOKEN_COOKIE } from '@kantora/domain';
import { enqueueSnackbar } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorizationOf, failure, jsonResponse, ok } from '../test/render.tsx';
import { ApiError, api, download, pendingRequests } from './api-client.ts';
import { getToken, setToken } from './token.ts';

vi.mock('notistack', async (importOriginal) => ({
  ...(await importOriginal<typeof import('notistack')>()),
  enqueueSnackbar: vi.fn(),
}));

const toasts = () =>
  vi.mocked(enqueueSnackbar).mock.calls.map(([message, options]) => ({ message, variant: options?.variant }));
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.mocked(enqueueSnackbar).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client envelope', () => {
  it('returns Result and shows the translated success Message', async () => {
    fetchMock.mockResolvedValueOnce(ok({ id: 'a1' }, 'saved_successfully'));
    await expect(api.post('/things/save', { name: 'x' })).resolves.toEqual({ id: 'a1' });
    expect(toasts()).toEqual([{ message: 'Записано успешно', variant: 'success' }]);
  });

  it('shows no toast for a success without Message, and plain text as it is', async () => {
    fetchMock.mockResolvedValueOnce(ok([1, 2]));
    await expect(api.get('/things')).resolves.toEqual([1, 2]);
    expect(toasts()).toEqual([]);
    fetchMock.mockResolvedValueOnce(ok(true, 'Готово!'));
    await api.get('/things');
    expect(toasts()).toEqual([{ message: 'Готово!', variant: 'success' }]);
  });

  it('sends the bearer token from the cookie, JSON body and the /api base', async () => {
    setToken('tok-123');
    fetchMock.mockResolvedValueOnce(ok(null));
    await api.post('/clients/list', { page: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/clients/list');
    expect(init?.method).toBe('POST');
    expect(authorizationOf(init)).toBe('Bearer tok-123');
    expect(init?.body).toBe(JSON.stringify({ page: 1 }));
    expect(document.cookie).toContain(`${TOKEN_COOKIE}=tok-123`);
  });

  it('sends no token when auth is off', async () => {
    setToken('tok-123');
    fetchMock.mockResolvedValueOnce(ok(null));
    await api.post('/auth/signIn', {}, { auth: false });
    expect(authorizationOf(fetchMock.mock.calls[0][1])).toBeUndefined();
  });

  it('joins the translated validation errors of a 400 with line breaks, prefixed with field labels', async () => {
    fetchMock.mockResolvedValueOnce(
      failure(400, 'field_is_required', [
        { field: 'username', message: 'field_is_required' },
        { field: 'password', message: 'min_password' },
        { field: 'address.city.it', message: 'field_is_required' },
        { field: 'somethingElse', message: 'Free text' },
      ]),
    );
    const error = await api.post('/auth/signIn', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors).toHaveLength(4);
    expect(toasts()).toEqual([
      {
        message:
          'Потребителско име: Полето е задължително\nПарола: Паролата трябва да съдържа поне 6 символа\nГрад (италиански): Полето е задължително\nFree text',
        variant: 'error',
      },
    ]);
  });

  it('shows the translated Message of a 400 without a list of errors', async () => {
    fetchMock.mockResolvedValueOnce(failure(400, 'invalid_credentials'));
    await expect(api.post('/auth/signIn', {}, { auth: false })).rejects.toMatchObject({ status: 400 });
    expect(toasts()).toEqual([{ message: 'Грешно потребителско име или парола', variant: 'error' }]);
  });

  it('on 401 clears the token and goes to /login with redirect and notify', async () => {
    setToken('dead');
    window.location.hash = '#/clients?page=2';
    fetchMock.mockResolvedValueOnce(failure(401, 'unauthorized'));
    await expect(api.get('/clients/1')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(window.location.hash).toBe('#/login?redirect=%2Fclients%3Fpage%3D2&notify=session_expired');
    expect(toasts()).toEqual([]);
  });

  it('a quiet call leaves the session alone on 401', async () => {
    setToken('dead');
    window.location.hash = '#/clients';
    fetchMock.mockResolvedValueOnce(failure(401, 'unauthorized'));
    await expect(api.get('/auth/getCurrentUserInfo', { quiet: true })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('dead');
    expect(window.location.hash).toBe('#/clients');
  });

  it('on 500 shows the Message with its line breaks, or the generic text', async () => {
    fetchMock.mockResolvedValueOnce(failure(500, 'First line\nSecond line'));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500 });
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 500 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500 });
    expect(toasts()).toEqual([
      { message: 'First line\nSecond line', variant: 'error' },
      { message: 'Възникна грешка. Моля, опитайте отново.', variant: 'error' },
    ]);
  });

  it('treats a 200 whose Type is not 1 as a failure', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ Type: 0, Message: 'conflict' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([
      { message: 'Действието не е възможно в текущото състояние на записа', variant: 'error' },
    ]);
  });

  it('shows other statuses with their Message (403) or the generic text (404 without body)', async () => {
    fetchMock.mockResolvedValueOnce(failure(403, 'forbidden'));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 403 });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 404 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 404 });
    expect(toasts().map((toast) => toast.message)).toEqual([
      'Нямате права за това действие',
      'Възникна грешка. Моля, опитайте отново.',
    ]);
  });

  it('aborts after the 5-minute timeout with a translated error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const call = api.get('/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(pendingRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toMatchObject({ status: 0, message: 'Сървърът не отговори навреме. Опитайте отново.' });
    expect(pendingRequests()).toBe(0);
    expect(toasts()).toEqual([{ message: 'Сървърът не отговори навреме. Опитайте отново.', variant: 'error' }]);
  });

  it('counts pending requests while they run', async () => {
    let finish: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const call = api.get('/x');
    expect(pendingRequests()).toBe(1);
    finish(ok(1));
    await call;
    expect(pendingRequests()).toBe(0);
  });
});

describe('download', () => {
  it('saves the blob under the Content-Disposition file name', async () => {
    const createObjectURL = vi.fn(() => 'blob:1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    fetchMock.mockResolvedValueOnce(
      new Response('pdf-bytes', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="fallback.pdf"; filename*=UTF-8''%D0%A4%D0%B0%D0%BA%D1%82%D1%83%D1%80%D0%B0%201.pdf`,
        },
      }),
    );
    await expect(download('/print/invoice/1')).resolves.toBe('Фактура 1.pdf');
    expect(clicked).toEqual(['Фактура 1.pdf']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('shows a JSON failure of a download like any other call', async () => {
    fetchMock.mockResolvedValueOnce(failure(404, 'the_invoice_was_not_found'));
    await expect(download('/print/invoice/1')).rejects.toMatchObject({ status: 404 });
    expect(toasts()).toEqual([{ message: 'Фактурата не е намерена', variant: 'error' }]);
  });
});
