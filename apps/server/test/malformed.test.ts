import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARAM_LENGTH } from '../src/app.ts';
import { MAX_PAGE } from '@kantora/domain';
import { bearer, createTestContext, multipart, TEST_PASSWORD, type TestContext } from './helpers.ts';

/**
 * Malformed requests that the framework or Node's parser refuses before our handlers: each still answers
 * the envelope, never a 500, a stack or a framework's name. The routes are walked from `app.apiRoutes`,
 * so every route added later (a path parameter, a file upload) is covered without touching this file.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const LEAKS = /FST_|fastify|busboy|\bat .+:\d+|Error:|statusCode/i;

/** The status and the parsed envelope, after checking the body is the envelope and leaks nothing. */
function expectEnvelope(label: string, status: number, body: string, expected: { status: number; message: string }) {
  expect([label, status]).toEqual([label, expected.status]);
  expect([label, body]).not.toEqual([label, expect.stringMatching(LEAKS)]);
  expect([label, JSON.parse(body)]).toEqual([label, { Type: 0, Message: expected.message }]);
}

const paramRoutes = () => ctx.app.apiRoutes.filter((route) => route.url.includes('/:'));
const fileRoutes = () => ctx.app.apiRoutes.filter((route) => route.files);
const withParams = (url: string, value: string) => url.replace(/:[A-Za-z0-9_]+/g, value);
/** The user a route serves: the portal's routes (`/api/my-…`) a client user, the others the admin. */
const tokenFor = (url: string) => (url.startsWith('/api/my-') ? ctx.users.client.token : ctx.users.admin.token);

describe('path parameters', () => {
  it('are found on the routes (the walk below is not empty)', () => {
    expect(paramRoutes().length).toBeGreaterThanOrEqual(10);
    expect(paramRoutes().map((route) => route.url)).toContain('/api/events/:id');
  });

  it(`longer than ${MAX_PARAM_LENGTH} characters answer 400 invalid_value on every route, signed in or not`, async () => {
    for (const route of paramRoutes()) {
      for (const headers of [bearer(tokenFor(route.url)), {}]) {
        const url = withParams(route.url, 'a'.repeat(MAX_PARAM_LENGTH + 1));
        const response = await ctx.app.inject({
          method: route.method as Method,
          url,
          headers,
          payload: route.method === 'GET' ? undefined : {},
        });
        expectEnvelope(`${route.method} ${route.url}`, response.statusCode, response.body, {
          status: 400,
          message: 'invalid_value',
        });
      }
    }
  });

  it('with invalid percent-encoding answer a 400 envelope on every route', async () => {
    for (const route of paramRoutes()) {
      for (const value of ['%E0%A4%A', '%', '%zz', 'a%C0%AFb']) {
        const url = withParams(route.url, value);
        const response = await ctx.app.inject({
          method: route.method as Method,
          url,
          headers: bearer(tokenFor(route.url)),
          payload: route.method === 'GET' ? undefined : {},
        });
        expect([url, response.statusCode]).toEqual([url, 400]);
        expect([url, response.body]).not.toEqual([url, expect.stringMatching(LEAKS)]);
        expect(JSON.parse(response.body)).toMatchObject({
          Type: 0,
          Message: expect.stringMatching(/^(malformed_request|invalid_value)$/),
        });
      }
    }
    const spec = await ctx.app.inject({
      method: 'GET',
      url: '/api/events/%E0%A4%A',
      headers: bearer(ctx.users.admin.token),
    });
    expectEnvelope('GET /api/events/%E0%A4%A', spec.statusCode, spec.body, {
      status: 400,
      message: 'malformed_request',
    });
  });

  it('of the right length but not an id answer 400 invalid_value (the route schema)', async () => {
    for (const route of paramRoutes()) {
      if (route.url === '/api/documents-flow/preview/:id') {
        // Authorised by the link's token alone, checked before the path: without one the answer is 401, never 400.
        const response = await ctx.app.inject({ method: 'GET', url: withParams(route.url, 'not-an-id') });
        expectEnvelope(`GET ${route.url}`, response.statusCode, response.body, {
          status: 401,
          message: 'unauthorized',
        });
        continue;
      }
      const response = await ctx.app.inject({
        method: route.method as Method,
        url: withParams(route.url, 'not-an-id'),
        headers: bearer(tokenFor(route.url)),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect([route.url, response.statusCode]).toEqual([route.url, 400]);
      expect(response.json()).toMatchObject({ Type: 0, Message: 'invalid_value' });
    }
  });
});

describe('page numbers', () => {
  it(`past ${MAX_PAGE} answer 400 invalid_value on every paged list, never 500`, async () => {
    const lists = ctx.app.apiRoutes.filter((route) => route.method === 'POST' && /\/(list|search)$/.test(route.url));
    expect(lists.length).toBeGreaterThanOrEqual(10);
    const refusedPage: string[] = [];
    for (const route of lists) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: route.url,
        payload: { page: MAX_PAGE + 1 },
        headers: bearer(tokenFor(route.url)),
      });
      expect([route.url, response.statusCode]).toEqual([route.url, 400]);
      const errors = (response.json().Errors ?? []) as Array<{ field: string; message: string }>;
      if (errors.some((error) => error.field === 'page' && error.message === 'invalid_value'))
        refusedPage.push(route.url);
    }
    // Every list is paged but the calendar's (a date range, answered whole) and the mail templates' (every kind in
    // both languages, a fixed grid; it takes no fields).
    expect(
      lists
        .map((route) => route.url)
        .filter((url) => !refusedPage.includes(url))
        .sort(),
    ).toEqual(['/api/events/list', '/api/settings/mail-templates/list']);
  });
});

describe('multipart bodies', () => {
  const boundary = 'kantoraBoundary';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nuser\r\n`;
  const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`;
  const malformed: Array<[string, string, string]> = [
    ['no boundary', 'multipart/form-data', part],
    ['an empty boundary', 'multipart/form-data; boundary=', part],
    ['a body that is not multipart', `multipart/form-data; boundary=${boundary}`, 'just some text, no parts at all'],
    ['cut off before the closing boundary', `multipart/form-data; boundary=${boundary}`, part],
    ['cut off inside a file', `multipart/form-data; boundary=${boundary}`, part + filePart],
  ];

  it('are found on the routes (the walk below is not empty)', () => {
    expect(fileRoutes().map((route) => `${route.method} ${route.url}`)).toContain('POST /api/documents/save');
  });

  it('that cannot be read answer 400 invalid_value on every route taking a file, never 500', async () => {
    for (const route of fileRoutes()) {
      for (const [label, contentType, payload] of malformed) {
        const response = await ctx.app.inject({
          method: route.method as Method,
          url: route.url,
          payload,
          headers: { ...bearer(tokenFor(route.url)), 'content-type': contentType },
        });
        expectEnvelope(`${route.url}: ${label}`, response.statusCode, response.body, {
          status: 400,
          message: 'invalid_value',
        });
      }
    }
  });

  it('of another content type answer 415, and a well-formed one reaches the validation', async () => {
    for (const route of fileRoutes()) {
      for (const [contentType, payload] of [
        ['application/json', '{"type":"user"}'],
        ['text/plain', 'x'],
      ]) {
        const response = await ctx.app.inject({
          method: route.method as Method,
          url: route.url,
          payload,
          headers: { ...bearer(tokenFor(route.url)), 'content-type': contentType },
        });
        expectEnvelope(`${route.url}: ${contentType}`, response.statusCode, response.body, {
          status: 415,
          message: 'unsupported_media_type',
        });
      }
      const form = multipart({ unknown: 'x' });
      const valid = await ctx.app.inject({
        method: route.method as Method,
        url: route.url,
        payload: form.payload,
        headers: { ...bearer(tokenFor(route.url)), ...form.headers },
      });
      expect([route.url, valid.statusCode]).toEqual([route.url, 400]);
      expect(valid.json().Errors?.length).toBeGreaterThan(0);
    }
  });
});

/** Sends raw bytes to a listening copy of the app and reads the whole answer (the server closes the socket). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', (error) =>
      chunks.length > 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(error),
    );
    socket.write(request);
  });
}

function parseRaw(answer: string) {
  const [head, ...rest] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, head, body: rest.join('\r\n\r\n') };
}

describe('what Node refuses before the app sees it', () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  it('a request line over the header limit answers 431 in the envelope', async () => {
    const answer = parseRaw(
      await rawRequest(port, `GET /api/companies/list?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    );
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expectEnvelope('request line', answer.status, answer.body, { status: 431, message: 'request_too_large' });
  });

  it('headers over the limit answer 431 in the envelope', async () => {
    const answer = parseRaw(
      await rawRequest(
        port,
        `GET /api/auth/getCurrentUserInfo HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\nX-More: ${'c'.repeat(1000)}\r\n\r\n`,
      ),
    );
    expectEnvelope('headers', answer.status, answer.body, { status: 431, message: 'request_too_large' });
  });

  it('a request line Node cannot parse answers 400 in the envelope', async () => {
    const answer = parseRaw(await rawRequest(port, 'NOT A REQUEST\r\n\r\n'));
    expectEnvelope('garbage', answer.status, answer.body, { status: 400, message: 'malformed_request' });
  });

  it('a path with invalid percent-encoding over a real connection answers the envelope', async () => {
    const answer = parseRaw(
      await rawRequest(port, 'GET /api/events/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
    expectEnvelope('bad url', answer.status, answer.body, { status: 400, message: 'malformed_request' });
  });
});

describe('a closing server', () => {
  it('answers 503 in the envelope to a request that arrives while it drains', async () => {
    const closing = await createTestContext();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (closing.app.server.address() as AddressInfo).port;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    // A sign-in (a password hash: it takes a while) is in flight when the close starts; the request
    // behind it on the same connection reaches the app while it drains.
    const body = JSON.stringify({ username: closing.users.admin.email, password: TEST_PASSWORD });
    const arrived = new Promise((resolve) => closing.app.server.once('request', resolve));
    socket.write(
      `POST /api/auth/signIn HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await arrived;
    const done = closing.close();
    socket.write('GET /api/auth/getCurrentUserInfo HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await socketClosed;
    await done;
    const answers = received.split(/(?=HTTP\/1\.1 )/).map(parseRaw);
    expect(answers.map((answer) => answer.status)).toEqual([200, 503]);
    expectEnvelope('closing', answers[1].status, answers[1].body, { status: 503, message: 'service_unavailable' });
  });
});
