import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs } from '../src/db/schema/index.ts';
import { writeLog } from '../src/modules/logs/audit.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, body: string, contentType = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': contentType, ...bearer(ctx.users.admin.token) },
  });

describe('the envelope for every failure', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/no/such/call' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ Type: 0, Message: 'not_found' });
    }
  });

  it('answers malformed JSON, empty JSON and broken content length with 400', async () => {
    for (const body of ['{"username": ', '{', 'null x', '\u0000']) {
      const response = await post('/api/auth/signIn', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().Type).toBe(0);
    }
  });

  it('answers wrong body shapes with 400 and the validation keys', async () => {
    for (const body of [
      '{"__proto__": {"x": 1}, "username": "a", "password": "b"}',
      '{"constructor": {"prototype": {}}}',
      '[]',
      '"text"',
      '42',
      'null',
      '{"username": 5, "password": {}}',
      '{"username": "a", "password": ["x"]}',
    ]) {
      const response = await post('/api/auth/signIn', body);
      expect([body, response.statusCode]).toEqual([body, 400]);
      expect(response.json().Type).toBe(0);
    }
  });

  it('answers a wrong content type with 415', async () => {
    const response = await post('/api/auth/signIn', 'username=a&password=b', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ Type: 0, Message: 'unsupported_media_type' });
  });

  it('answers an oversized body with 413', async () => {
    const response = await post(
      '/api/auth/signIn',
      JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'y' }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ Type: 0, Message: 'payload_too_large' });
  });

  it('answers a malformed query with 400, not 500', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/error/notFound?path=${'a'.repeat(2100)}`,
      headers: bearer(ctx.users.admin.token),
    });
    expect(response.statusCode).toBe(400);
    const weird = await ctx.app.inject({
      method: 'GET',
      url: '/api/error/notFound?path=%E0%A4%A',
      headers: bearer(ctx.users.admin.token),
    });
    expect(weird.statusCode).toBeLessThan(500);
    expect([0, 1]).toContain(weird.json().Type);
  });
});

describe('the web app', () => {
  it('serves the built app at / without a token, with the CSP', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'kantora-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kantora</title>');
    const web = await createTestContext({ WEB_DIST: dist });
    try {
      const response = await web.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Kantora</title>');
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
      // The API stays guarded next to it.
      expect((await web.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo' })).statusCode).toBe(401);
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('headers and documents', () => {
  it('sends the security headers and a strict CSP', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Type: 1, Result: { status: 'ok' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/signIn'].post.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
  });
});

describe('the audit log helper', () => {
  it('writes its row with the transaction and loses it when the transaction rolls back', async () => {
    const count = async () =>
      (
        await ctx.database.db
          .select({ n: sql<number>`cast(count(*) as integer)` })
          .from(logs)
          .where(sql`${logs.model} = 'probe'`)
      )[0].n;
    await ctx.database.db.transaction(async (tx) => {
      await writeLog(tx, {
        name: 'Probe',
        model: 'probe',
        type: 'create',
        action: 'save',
        new: { a: 1, password: 'secret' },
      });
    });
    expect(await count()).toBe(1);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await writeLog(tx, { name: 'Probe', model: 'probe', type: 'create', action: 'save', new: { a: 2 } });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(1);
    const [row] = await ctx.database.db.select().from(logs).where(sql`${logs.model} = 'probe'`);
    expect(row.documents).toEqual({ old: null, new: { a: 1 } });
  });
});
