import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { TokenService } from '../src/modules/auth/tokens.ts';
import { bearer, createTestContext, envelope, TEST_PASSWORD, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SIGNIN_MAX_ATTEMPTS: '3' });
});
afterAll(() => ctx.close());

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(token) });
const signIn = (username: string, password: string, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signIn', payload: { username, password }, remoteAddress: ip });

describe('sign-in', () => {
  it('returns a token and its expiration, with the email matched case-insensitively', async () => {
    const user = await ctx.createUser(1, { email: 'Mixed.Case@Test.local' });
    const response = await signIn('  MIXED.case@test.LOCAL ', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = envelope<{ token: string; expiration: string }>(response);
    expect(body).toMatchObject({ Type: 1, Message: null });
    if (body.Type !== 1) throw new Error();
    const hours = (Date.parse(body.Result.expiration) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    const info = envelope(await me(body.Result.token));
    expect(info).toMatchObject({ Type: 1, Result: { id: user.id, access: 1, isProduction: false, locale: 'bg' } });
  });

  it('says only that the credentials are wrong, for a wrong password and an unknown user alike', async () => {
    const wrongPassword = await signIn(ctx.users.manager.email, 'nope-nope', '10.0.0.2');
    const unknown = await signIn('nobody@test.local', 'nope-nope', '10.0.0.2');
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ Type: 0, Message: 'invalid_credentials' });
    }
  });

  it('validates the body with their message keys', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: { username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Type: 0,
      Message: 'field_is_required',
      Errors: [
        { field: 'username', message: 'field_is_required' },
        { field: 'password', message: 'field_is_required' },
      ],
    });
  });

  it('logs successful and failed sign-ins as Login', async () => {
    const user = await ctx.createUser(2);
    await signIn(user.email, 'wrong-password', '10.0.0.3');
    await signIn(user.email, TEST_PASSWORD, '10.0.0.3');
    const rows = await ctx.database.db.select().from(logs).where(eq(logs.doc, user.id));
    expect(rows.map((r) => [r.name, r.action]).sort()).toEqual([
      ['Login', 'signIn'],
      ['Login', 'signInFailed'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('wrong-password');
  });

  it('refuses an inactive user', async () => {
    const user = await ctx.createUser(2, { status: 0 });
    const response = await signIn(user.email, TEST_PASSWORD, '10.0.0.4');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('invalid_credentials');
  });

  it('rate-limits failed attempts per user name with 429, even with the right password', async () => {
    const user = await ctx.createUser(2);
    for (let i = 0; i < 3; i += 1)
      expect((await signIn(user.email, 'bad-password', `10.1.0.${i}`)).statusCode).toBe(400);
    const blocked = await signIn(user.email, TEST_PASSWORD, '10.1.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ Type: 0, Message: 'too_many_attempts' });
    // Another user from another address is not affected.
    const other = await ctx.createUser(2);
    expect((await signIn(other.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('rate-limits failed attempts per IP address', async () => {
    for (let i = 0; i < 15; i += 1) await signIn(`ghost${i}@test.local`, 'bad-password', '10.9.9.9');
    const fromSameIp = await ctx.createUser(2);
    expect((await signIn(fromSameIp.email, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await signIn(fromSameIp.email, TEST_PASSWORD, '10.9.9.8')).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('rejects a missing, malformed, forged or expired token with 401', async () => {
    const user = ctx.users.manager;
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().Type).toBe(0);
    expect((await me('not-a-jwt')).statusCode).toBe(401);
    const forged = await new TokenService('another-secret'.padEnd(48, 'y'), 12).issue(user.id, 0);
    expect((await me(forged.token)).statusCode).toBe(401);
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti(crypto.randomUUID())
      .setIssuer('kantora')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode('test-secret-'.padEnd(48, 'x')));
    expect((await me(expired)).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.id, tv: 0, jti: crypto.randomUUID(), iss: 'kantora', exp: 9999999999 })).toString('base64url')}.`;
    expect((await me(none)).statusCode).toBe(401);
    // Well signed, but naming no real user: a subject that is not an id, and one that does not exist.
    const signer = new TokenService('test-secret-'.padEnd(48, 'x'), 1);
    expect((await me((await signer.issue('not-a-uuid', 0)).token)).statusCode).toBe(401);
    expect((await me((await signer.issue(crypto.randomUUID(), 0)).token)).statusCode).toBe(401);
    for (const header of ['Bearer', 'Basic abc', `bearer  ${'x'.repeat(5000)}`, 'Bearer a.b.c']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/getCurrentUserInfo',
        headers: { authorization: header },
      });
      expect([header.slice(0, 12), response.statusCode]).toEqual([header.slice(0, 12), 401]);
    }
  });

  it('ends only the signed-out token', async () => {
    const user = await ctx.createUser(1);
    const first = await ctx.signIn(user.email);
    const second = await ctx.signIn(user.email);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/signOut', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('ends every token at once when the user is deactivated or the password changes', async () => {
    const a = await ctx.createUser(2);
    const tokenA = await ctx.signIn(a.email);
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.id, a.id));
    expect((await me(tokenA)).statusCode).toBe(401);

    const b = await ctx.createUser(2);
    const tokenB = await ctx.signIn(b.email);
    expect((await me(tokenB)).statusCode).toBe(200);
    // A password change bumps the token version (the users module does both in one update).
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('new-password'), tokenVersion: 1 })
      .where(eq(users.id, b.id));
    expect((await me(tokenB)).statusCode).toBe(401);
    expect((await signIn(b.email, 'new-password', '10.3.0.1')).statusCode).toBe(200);
  });
});

describe('session calls', () => {
  it('reports production as false outside production, without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/IsProductionEnvironment' });
    expect(response.json()).toEqual({ Type: 1, Message: null, Result: false });
  });

  it('saves the locale (bg or it only) and returns it with the user info', async () => {
    const user = await ctx.createUser(3);
    const token = await ctx.signIn(user.email);
    const saved = await ctx.app.inject({ method: 'GET', url: '/api/settings/users/locale/it', headers: bearer(token) });
    expect(saved.statusCode).toBe(200);
    expect(envelope(await me(token))).toMatchObject({ Result: { locale: 'it' } });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/settings/users/locale/en', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Type).toBe(0);
    const [log] = await ctx.database.db.select().from(logs).where(eq(logs.action, 'saveLocale'));
    expect(log).toMatchObject({
      name: 'User',
      doc: user.id,
      documents: { old: { locale: 'bg' }, new: { locale: 'it' } },
    });
  });

  it('logs a reported unknown page as Page', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/error/notFound?path=%2Fno-such-page',
      headers: bearer(ctx.users.employee.token),
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(logs).where(eq(logs.name, 'Page'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'notFound',
      createdBy: ctx.users.employee.id,
      documents: { new: { path: '/no-such-page' } },
    });
  });
});
