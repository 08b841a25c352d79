import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, userSessions } from '../src/db/schema/index.ts';
import { deviceOf } from '../src/modules/auth/sessions.service.ts';
import { TokenService } from '../src/modules/auth/tokens.ts';
import { bearer, call, createTestContext, TEST_PASSWORD, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in from an address and a browser; answers the token and its session's id. */
async function signIn(email: string, ip = '10.60.0.1', userAgent = CHROME_WINDOWS) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signIn',
    payload: { username: email, password: TEST_PASSWORD },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode).toBe(200);
  const token = response.json().Result.token as string;
  const { jti } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return { token, sessionId: jti as string };
}
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(token) });
const sessionOf = async (id: string) =>
  (await ctx.database.db.select().from(userSessions).where(eq(userSessions.id, id)))[0];

describe('sessions', () => {
  it('records each sign-in as a session (IP, browser) and lists the live ones, the asking one marked', async () => {
    const user = await ctx.createUser(2);
    const windows = await signIn(user.email, '10.60.1.1', CHROME_WINDOWS);
    const phone = await signIn(user.email, '10.60.1.2', SAFARI_IPHONE);
    const row = await sessionOf(windows.sessionId);
    expect(row).toMatchObject({ userId: user.id, ip: '10.60.1.1', userAgent: CHROME_WINDOWS, endedAt: null });
    const listed = await call(ctx, 'GET', '/api/auth/sessions', undefined, phone.token);
    expect(listed.status).toBe(200);
    const byId = Object.fromEntries(listed.body.Result.map((one: { _id: string }) => [one._id, one]));
    expect(Object.keys(byId).sort()).toEqual([windows.sessionId, phone.sessionId].sort());
    expect(byId[phone.sessionId]).toMatchObject({ current: true, ip: '10.60.1.2', device: 'Safari on iOS' });
    expect(byId[windows.sessionId]).toMatchObject({ current: false, device: 'Chrome on Windows' });
    expect(Date.parse(byId[windows.sessionId].created)).not.toBeNaN();
    expect(Date.parse(byId[windows.sessionId].lastUsedAt)).not.toBeNaN();
  });

  it('ends one session: only that token stops working, another session of the same user goes on; logged', async () => {
    const user = await ctx.createUser(2);
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    const ended = await call(ctx, 'POST', '/api/auth/sessions/end', { sessionId: first.sessionId }, second.token);
    expect(ended).toMatchObject({ status: 200, body: { Type: 1, Result: true } });
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(200);
    expect(await sessionOf(first.sessionId)).toMatchObject({ endedBy: user.id });
    const listed = await call(ctx, 'GET', '/api/auth/sessions', undefined, second.token);
    expect(listed.body.Result.map((one: { _id: string }) => one._id)).toEqual([second.sessionId]);
    const logged = await ctx.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.doc, user.id), eq(logs.action, 'sessionEnded')));
    expect(logged).toHaveLength(1);
    // Ending it again: it is no longer there.
    const again = await call(ctx, 'POST', '/api/auth/sessions/end', { sessionId: first.sessionId }, second.token);
    expect(again).toMatchObject({ status: 404, body: { Type: 0, Message: 'the_session_was_not_found' } });
  });

  it("does not let a user see or end another user's session (404 as for an unknown one)", async () => {
    const owner = await ctx.createUser(2);
    const stranger = await ctx.createUser(1);
    const session = await signIn(owner.email);
    const strangerToken = (await signIn(stranger.email)).token;
    const ended = await call(ctx, 'POST', '/api/auth/sessions/end', { sessionId: session.sessionId }, strangerToken);
    expect(ended).toMatchObject({ status: 404, body: { Type: 0, Message: 'the_session_was_not_found' } });
    const unknown = await call(
      ctx,
      'POST',
      '/api/auth/sessions/end',
      { sessionId: crypto.randomUUID() },
      strangerToken,
    );
    expect(unknown.status).toBe(404);
    expect((await me(session.token)).statusCode).toBe(200);
    const listed = await call(ctx, 'GET', `/api/auth/sessions?userId=${owner.id}`, undefined, strangerToken);
    expect(listed.status).toBe(403);
    const bad = await call(ctx, 'POST', '/api/auth/sessions/end', { sessionId: 'nope' }, strangerToken);
    expect(bad).toMatchObject({ status: 400, body: { Errors: [{ field: 'sessionId', message: 'invalid_value' }] } });
  });

  it("lets the administrator see and end any user's session", async () => {
    const user = await ctx.createUser(3);
    const first = await signIn(user.email, '10.60.3.1');
    const second = await signIn(user.email, '10.60.3.2');
    const listed = await call(ctx, 'GET', `/api/auth/sessions?userId=${user.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.Result.map((one: { _id: string }) => one._id).sort()).toEqual(
      [first.sessionId, second.sessionId].sort(),
    );
    expect(listed.body.Result.every((one: { current: boolean }) => !one.current)).toBe(true);
    const ended = await call(ctx, 'POST', '/api/auth/sessions/end', { sessionId: first.sessionId });
    expect(ended.status).toBe(200);
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(200);
    expect(await sessionOf(first.sessionId)).toMatchObject({ endedBy: ctx.users.admin.id });
  });

  it('ends the session on sign-out', async () => {
    const user = await ctx.createUser(2);
    const session = await signIn(user.email);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/signOut', headers: bearer(session.token) });
    expect(out.statusCode).toBe(200);
    expect((await sessionOf(session.sessionId)).endedAt).not.toBeNull();
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it('refuses a well-signed token without a session row (issued before sessions) or with an expired one', async () => {
    const user = await ctx.createUser(2);
    const signer = new TokenService('test-secret-'.padEnd(48, 'x'), 1);
    const orphan = await signer.issue(user.id, 0);
    expect((await me(orphan.token)).statusCode).toBe(401);
    const session = await signIn(user.email);
    await ctx.database.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(userSessions.id, session.sessionId));
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it('writes the last use at most once a minute per session', async () => {
    const user = await ctx.createUser(2);
    const session = await signIn(user.email);
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await ctx.database.db.update(userSessions).set({ lastUsedAt: old }).where(eq(userSessions.id, session.sessionId));
    expect((await me(session.token)).statusCode).toBe(200);
    const touched = (await sessionOf(session.sessionId)).lastUsedAt;
    expect(Date.parse(touched)).toBeGreaterThan(Date.parse(old) + 4 * 60_000);
    // Within the minute no second write: a recent value stays as it is.
    const recent = new Date(Date.now() - 20_000).toISOString();
    await ctx.database.db
      .update(userSessions)
      .set({ lastUsedAt: recent })
      .where(eq(userSessions.id, session.sessionId));
    expect((await me(session.token)).statusCode).toBe(200);
    expect(Date.parse((await sessionOf(session.sessionId)).lastUsedAt)).toBe(Date.parse(recent));
  });

  it("closes every session row when the administrator sets a user's new password", async () => {
    const created = await call(ctx, 'POST', '/api/settings/users/save', {
      firstName: { bg: 'Мария', it: 'Maria' },
      lastName: { bg: 'Иванова', it: 'Ivanova' },
      email: `sessions-${Date.now()}@test.local`,
      password: TEST_PASSWORD,
      type: 0,
      access: 2,
    });
    expect(created.status).toBe(200);
    const { _id, ...fields } = created.body.Result;
    const first = await signIn(fields.email);
    const second = await signIn(fields.email);
    expect(
      (await call(ctx, 'POST', '/api/settings/users/save', { ...fields, _id, password: 'other-pass' })).status,
    ).toBe(200);
    for (const session of [first, second]) {
      expect((await me(session.token)).statusCode).toBe(401);
      expect(await sessionOf(session.sessionId)).toMatchObject({ endedBy: ctx.users.admin.id });
    }
    const listed = await call(ctx, 'GET', `/api/auth/sessions?userId=${_id}`);
    expect(listed.body.Result).toEqual([]);
  });

  it('names devices shortly from their user agents', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(deviceOf('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on macOS');
    expect(deviceOf('')).toBe('');
    expect(deviceOf('curl/8.5.0')).toBe('');
  });

  it('keeps the ended sessions out of the count of live ones', async () => {
    const user = await ctx.createUser(2);
    await signIn(user.email);
    const second = await signIn(user.email);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/signOut', headers: bearer(second.token) });
    const [row] = await ctx.database.db
      .select({ live: sql<number>`cast(count(*) as integer)` })
      .from(userSessions)
      .where(and(eq(userSessions.userId, user.id), sql`${userSessions.endedAt} is null`));
    expect(row.live).toBe(1);
  });
});
