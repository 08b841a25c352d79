import { Access } from '@kantora/domain';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logs, userMfa, userRecoveryCodes } from '../src/db/schema/index.ts';
import { MfaCrypto } from '../src/modules/auth/mfa-crypto.ts';
import { MFA_MAX_FAILURES } from '../src/modules/auth/mfa.service.ts';
import { raceIt } from './concurrency.ts';
import { bearer, call, createTestContext, TEST_PASSWORD, type TestContext } from './helpers.ts';

/**
 * Two-factor sign-in (TOTP) through HTTP. The clock of this process (Date, which otplib and the tokens read) is held
 * in the middle of a 30-second step and moved a whole step at a time, so a code computed here is of a known step
 * whatever the speed of the machine; the database keeps its own clock (the limits' windows).
 */
let ctx: TestContext;
let clock = 0;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => {
  clock = (Math.floor(Date.now() / 30_000) + 1) * 30_000 + 15_000;
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock on by whole 30-second steps (a new code). */
const nextStep = (steps = 1) => {
  clock += steps * 30_000;
  vi.setSystemTime(clock);
};
/** The authenticator app's code now (or `steps` steps away). */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(clock / 1000) + steps * 30 });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const signIn = (email: string, password = TEST_PASSWORD) =>
  post('/api/auth/signIn', { username: email, password }, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/140' });
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(token) });

/** A fresh user of `access` with the second factor on; answers its secret, recovery codes and a session token. */
async function userWithMfa(access: number = Access.employee) {
  const user = await ctx.createUser(access as 0);
  const token = await ctx.signIn(user.email);
  const setup = await call<{ secret: string; otpauthUrl: string }>(ctx, 'POST', '/api/auth/mfa/setup', {}, token);
  expect(setup.status).toBe(200);
  const { secret } = setup.body.Result;
  const enabled = await call<{ recoveryCodes: string[] }>(
    ctx,
    'POST',
    '/api/auth/mfa/enable',
    { code: await codeOf(secret) },
    token,
  );
  expect(enabled.status).toBe(200);
  nextStep();
  return { ...user, token, secret, recoveryCodes: enabled.body.Result.recoveryCodes };
}

/** signIn's second-step token for a user with a second factor. */
async function mfaTokenOf(email: string): Promise<string> {
  const response = await signIn(email);
  expect(response.statusCode).toBe(200);
  const result = response.json().Result;
  expect(result).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return result.mfaToken;
}

const verify = (mfaToken: string, code: string) => post('/api/auth/mfa/verify', { mfaToken, code });

const actionsOf = async (userId: string, action: string) =>
  ctx.database.db
    .select()
    .from(logs)
    .where(and(eq(logs.doc, userId), eq(logs.action, action)));

async function setRequired(requireStaffMfa: boolean) {
  const saved = await call(ctx, 'POST', '/api/settings/security/save', { requireStaffMfa });
  expect([saved.status, saved.body.Result]).toEqual([200, { requireStaffMfa }]);
}

describe('turning the second factor on', () => {
  it('sets up a secret, confirms it with a code and answers ten recovery codes; the secret is stored encrypted', async () => {
    const user = await ctx.createUser(Access.manager);
    const token = await ctx.signIn(user.email);
    const setup = await call<{ secret: string; otpauthUrl: string }>(ctx, 'POST', '/api/auth/mfa/setup', {}, token);
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = setup.body.Result;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect([url.protocol, url.searchParams.get('secret'), url.searchParams.get('issuer')]).toEqual([
      'otpauth:',
      secret,
      'Kantora',
    ]);
    expect(decodeURIComponent(otpauthUrl)).toContain(user.email);
    // Not on until a code confirms it.
    expect((await call(ctx, 'GET', '/api/auth/mfa/status', undefined, token)).body.Result).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    expect(envelopeOf(await signIn(user.email)).Result).toHaveProperty('token');

    const wrong = await call(ctx, 'POST', '/api/auth/mfa/enable', { code: '000000' }, token);
    expect([wrong.status, wrong.body.Message]).toEqual([400, 'mfa_code_invalid']);
    const enabled = await call<{ recoveryCodes: string[] }>(
      ctx,
      'POST',
      '/api/auth/mfa/enable',
      { code: await codeOf(secret) },
      token,
    );
    expect(enabled.status).toBe(200);
    const codes = enabled.body.Result.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(enabled.body.Result).not.toHaveProperty('token');
    expect((await call(ctx, 'GET', '/api/auth/mfa/status', undefined, token)).body.Result).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });

    // At rest: the secret encrypted (not its text), the recovery codes as SHA-256 hashes only.
    const [row] = await ctx.database.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(row.pendingSecret).toBeNull();
    expect(row.secret).not.toContain(secret);
    expect(row.secret).toMatch(/^v1\./);
    const stored = await ctx.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const one of stored) expect(one.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(codes[0].replace('-', ''));
    expect(await actionsOf(user.id, 'mfaEnabled')).toHaveLength(1);
  });

  it('refuses a second setup while it is on, and enabling without a setup', async () => {
    const user = await userWithMfa();
    const again = await call(ctx, 'POST', '/api/auth/mfa/setup', {}, user.token);
    expect([again.status, again.body.Message]).toEqual([409, 'mfa_already_enabled']);
    const other = await ctx.createUser(Access.employee);
    const otherToken = await ctx.signIn(other.email);
    const enable = await call(ctx, 'POST', '/api/auth/mfa/enable', { code: '123456' }, otherToken);
    expect([enable.status, enable.body.Message]).toEqual([400, 'mfa_setup_not_started']);
  });

  it('needs a session (or a required setup) and a code', async () => {
    for (const url of ['/api/auth/mfa/setup', '/api/auth/mfa/enable']) {
      const response = await post(url, { code: '123456' });
      expect([url, response.statusCode]).toEqual([url, 401]);
    }
    const bad = await call(ctx, 'POST', '/api/auth/mfa/enable', { code: ' ' }, ctx.users.employee.token);
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toEqual([{ field: 'code', message: 'field_is_required' }]);
  });
});

function envelopeOf(response: { json(): unknown }) {
  return response.json() as { Type: 0 | 1; Message: string | null; Result: Record<string, unknown> };
}

describe('signing in with the second factor', () => {
  it('answers mfaRequired after the password, and a token only with a current code', async () => {
    const user = await userWithMfa();
    const mfaToken = await mfaTokenOf(user.email);
    const wrong = await verify(mfaToken, '000000');
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { Type: 0, Message: 'mfa_code_invalid' }]);
    const response = await verify(mfaToken, await codeOf(user.secret));
    expect(response.statusCode).toBe(200);
    const result = envelopeOf(response).Result;
    expect(Object.keys(result).sort()).toEqual(['expiration', 'token']);
    const info = await me(result.token as string);
    expect([info.statusCode, info.json().Result.id]).toEqual([200, user.id]);
    expect(await actionsOf(user.id, 'mfaVerifyFailed')).toHaveLength(1);
  });

  it('accepts a code one step off either way, not two', async () => {
    const user = await userWithMfa();
    nextStep(); // the step before now was not used (the confirming code was two steps ago)
    const mfaToken = await mfaTokenOf(user.email);
    expect((await verify(mfaToken, await codeOf(user.secret, -2))).statusCode).toBe(400);
    expect((await verify(mfaToken, await codeOf(user.secret, 2))).statusCode).toBe(400);
    expect((await verify(mfaToken, await codeOf(user.secret, -1))).statusCode).toBe(200);
    nextStep(2);
    expect((await verify(mfaToken, await codeOf(user.secret, 1))).statusCode).toBe(200);
  });

  it('refuses a replayed code, and an earlier step after a later one', async () => {
    const user = await userWithMfa();
    const code = await codeOf(user.secret);
    expect((await verify(await mfaTokenOf(user.email), code)).statusCode).toBe(200);
    const replay = await verify(await mfaTokenOf(user.email), code);
    expect([replay.statusCode, replay.json().Message]).toEqual([400, 'mfa_code_invalid']);
    // The previous step's code was never used, but a later step was accepted: refused too.
    const earlier = await verify(await mfaTokenOf(user.email), await codeOf(user.secret, -1));
    expect(earlier.statusCode).toBe(400);
    // The code that enabled it cannot sign in either (same step as its confirmation).
    const fresh = await ctx.createUser(Access.employee);
    const token = await ctx.signIn(fresh.email);
    const { secret } = (await call(ctx, 'POST', '/api/auth/mfa/setup', {}, token)).body.Result;
    const enableCode = await codeOf(secret);
    expect((await call(ctx, 'POST', '/api/auth/mfa/enable', { code: enableCode }, token)).status).toBe(200);
    expect((await verify(await mfaTokenOf(fresh.email), enableCode)).statusCode).toBe(400);
    nextStep();
    expect((await verify(await mfaTokenOf(fresh.email), await codeOf(secret))).statusCode).toBe(200);
  });

  raceIt('the same code in 5 parallel requests signs in once', async () => {
    const user = await userWithMfa();
    const mfaToken = await mfaTokenOf(user.email);
    const code = await codeOf(user.secret);
    const responses = await Promise.all(Array.from({ length: 5 }, () => verify(mfaToken, code)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    for (const response of responses.filter((r) => r.statusCode === 400))
      expect(response.json().Message).toBe('mfa_code_invalid');
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const user = await userWithMfa();
    const [first, second] = user.recoveryCodes;
    const response = await verify(await mfaTokenOf(user.email), first);
    expect(response.statusCode).toBe(200);
    expect((await me(envelopeOf(response).Result.token as string)).statusCode).toBe(200);
    const again = await verify(await mfaTokenOf(user.email), first);
    expect([again.statusCode, again.json().Message]).toEqual([400, 'mfa_code_invalid']);
    const typed = ` ${second.toLowerCase().replace('-', ' ')} `;
    expect((await verify(await mfaTokenOf(user.email), typed)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/auth/mfa/status', undefined, user.token)).body.Result).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 8,
    });
    expect(await actionsOf(user.id, 'recoveryCodeUsed')).toHaveLength(2);
    // Another user's recovery code is no code of this one.
    const other = await userWithMfa();
    expect((await verify(await mfaTokenOf(other.email), user.recoveryCodes[2])).statusCode).toBe(400);
  });

  raceIt('one recovery code in 5 parallel requests signs in once', async () => {
    const user = await userWithMfa();
    const mfaToken = await mfaTokenOf(user.email);
    const responses = await Promise.all(Array.from({ length: 5 }, () => verify(mfaToken, user.recoveryCodes[0])));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('counts wrong codes per user: over the limit 429 too_many_attempts, even for the right code', async () => {
    const user = await userWithMfa();
    const mfaToken = await mfaTokenOf(user.email);
    // A right code is not counted.
    expect((await verify(mfaToken, await codeOf(user.secret))).statusCode).toBe(200);
    nextStep();
    for (let i = 0; i < MFA_MAX_FAILURES; i += 1) {
      const response = await verify(mfaToken, String(100000 + i));
      expect([i, response.statusCode]).toEqual([i, 400]);
    }
    const over = await verify(mfaToken, await codeOf(user.secret));
    expect([over.statusCode, over.json()]).toEqual([429, { Type: 0, Message: 'too_many_attempts' }]);
    expect(await actionsOf(user.id, 'mfaVerifyFailed')).toHaveLength(MFA_MAX_FAILURES);
    // Turning it off with a code counts against the same limit.
    const disable = await call(ctx, 'POST', '/api/auth/mfa/disable', { code: user.recoveryCodes[0] }, user.token);
    expect(disable.status).toBe(429);
  });

  raceIt('20 parallel wrong codes: exactly the limit is checked, the rest answer 429', async () => {
    const user = await userWithMfa();
    const mfaToken = await mfaTokenOf(user.email);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => verify(mfaToken, String(200000 + i))));
    const statuses = responses.map((r) => r.statusCode);
    expect([statuses.filter((s) => s === 400).length, statuses.filter((s) => s === 429).length]).toEqual([
      MFA_MAX_FAILURES,
      20 - MFA_MAX_FAILURES,
    ]);
  });

  it('the second-step token is no session token, expires after 5 minutes and a session token is no second-step token', async () => {
    const user = await userWithMfa();
    const mfaToken = await mfaTokenOf(user.email);
    expect((await me(mfaToken)).statusCode).toBe(401);
    const asBearer = await call(ctx, 'GET', '/api/auth/mfa/status', undefined, mfaToken);
    expect(asBearer.status).toBe(401);
    expect((await call(ctx, 'POST', '/api/auth/mfa/disable', { code: '123456' }, mfaToken)).status).toBe(401);
    const sessionAsMfa = await verify(user.token, await codeOf(user.secret));
    expect([sessionAsMfa.statusCode, sessionAsMfa.json().Message]).toEqual([401, 'session_expired']);
    nextStep(11);
    const late = await verify(mfaToken, await codeOf(user.secret));
    expect([late.statusCode, late.json().Message]).toEqual([401, 'session_expired']);
  });
});

describe('turning it off and the administrator', () => {
  it('the user turns it off with a code; then the password alone signs in', async () => {
    const user = await userWithMfa();
    const wrong = await call(ctx, 'POST', '/api/auth/mfa/disable', { code: '000000' }, user.token);
    expect([wrong.status, wrong.body.Message]).toEqual([400, 'mfa_code_invalid']);
    const off = await call(ctx, 'POST', '/api/auth/mfa/disable', { code: await codeOf(user.secret) }, user.token);
    expect([off.status, off.body.Result]).toEqual([200, true]);
    expect(envelopeOf(await signIn(user.email)).Result).toHaveProperty('token');
    expect(await ctx.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toEqual(
      [],
    );
    expect(await actionsOf(user.id, 'mfaDisabled')).toHaveLength(1);
    const again = await call(ctx, 'POST', '/api/auth/mfa/disable', { code: '000000' }, user.token);
    expect([again.status, again.body.Message]).toEqual([400, 'mfa_not_enabled']);
  });

  it('the administrator resets a user’s second factor (logged): the password alone signs in', async () => {
    const user = await userWithMfa(Access.client);
    const notAdmin = await call(
      ctx,
      'POST',
      '/api/settings/users/mfa/reset',
      { userId: user.id },
      ctx.users.manager.token,
    );
    expect(notAdmin.status).toBe(403);
    const reset = await call(ctx, 'POST', '/api/settings/users/mfa/reset', { userId: user.id });
    expect([reset.status, reset.body.Result]).toEqual([200, true]);
    expect(envelopeOf(await signIn(user.email)).Result).toHaveProperty('token');
    const [row] = await actionsOf(user.id, 'mfaReset');
    expect(row).toMatchObject({ name: 'User', createdBy: ctx.users.admin.id, documents: { old: { enabled: true } } });
    const unknown = await call(ctx, 'POST', '/api/settings/users/mfa/reset', {
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    // A second factor reset between the password and the code: the second step cannot complete.
    const other = await userWithMfa();
    const mfaToken = await mfaTokenOf(other.email);
    await call(ctx, 'POST', '/api/settings/users/mfa/reset', { userId: other.id });
    expect((await verify(mfaToken, await codeOf(other.secret))).statusCode).toBe(401);
  });
});

describe('required for staff', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await setRequired(false);
  });

  it('is the administrator’s setting (logged), off by default', async () => {
    expect((await call(ctx, 'GET', '/api/settings/security')).body.Result).toEqual({ requireStaffMfa: false });
    expect((await call(ctx, 'GET', '/api/settings/security', undefined, ctx.users.manager.token)).status).toBe(403);
    const bad = await call(ctx, 'POST', '/api/settings/security/save', { requireStaffMfa: 'yes' });
    expect(bad.status).toBe(400);
    await setRequired(true);
    expect((await call(ctx, 'GET', '/api/settings/security')).body.Result).toEqual({ requireStaffMfa: true });
    const saved = await ctx.database.db.select().from(logs).where(eq(logs.action, 'securitySettingsSaved'));
    expect(saved.at(-1)).toMatchObject({
      createdBy: ctx.users.admin.id,
      documents: { old: { requireStaffMfa: false }, new: { requireStaffMfa: true } },
    });
  });

  it('leads a staff user without one through the setup after the password; no token any other way', async () => {
    await setRequired(true);
    const user = await ctx.createUser(Access.accountant);
    const first = envelopeOf(await signIn(user.email)).Result;
    expect(first).toEqual({ mfaRequired: true, mfaToken: expect.any(String), mfaSetupRequired: true });
    const mfaToken = first.mfaToken as string;
    // Not a session, no second step to verify, no setup without the token.
    expect((await me(mfaToken)).statusCode).toBe(401);
    expect((await verify(mfaToken, '123456')).statusCode).toBe(401);
    expect((await post('/api/auth/mfa/setup', {})).statusCode).toBe(401);
    expect((await post('/api/auth/mfa/setup', {}, bearer(mfaToken))).statusCode).toBe(401);

    const setup = await post('/api/auth/mfa/setup', { mfaToken });
    expect(setup.statusCode).toBe(200);
    const { secret } = envelopeOf(setup).Result as { secret: string };
    const wrong = await post('/api/auth/mfa/enable', { mfaToken, code: '000000' });
    expect([wrong.statusCode, wrong.json().Message]).toEqual([400, 'mfa_code_invalid']);
    const enabled = await post('/api/auth/mfa/enable', { mfaToken, code: await codeOf(secret) });
    expect(enabled.statusCode).toBe(200);
    const result = envelopeOf(enabled).Result as { recoveryCodes: string[]; token: string; expiration: string };
    expect(result.recoveryCodes).toHaveLength(10);
    expect((await me(result.token)).json().Result.id).toBe(user.id);
    // From now on the second factor is asked (not a setup), and it cannot be turned off while required.
    nextStep();
    const next = await mfaTokenOf(user.email);
    expect((await verify(next, await codeOf(secret))).statusCode).toBe(200);
    const off = await call(ctx, 'POST', '/api/auth/mfa/disable', { code: result.recoveryCodes[0] }, result.token);
    expect([off.status, off.body.Message]).toEqual([409, 'mfa_required']);
    expect((await call(ctx, 'GET', '/api/auth/mfa/status', undefined, result.token)).body.Result).toMatchObject({
      enabled: true,
      required: true,
    });
  });

  it('a second-step token never replaces an existing second factor', async () => {
    const user = await userWithMfa(Access.manager);
    await setRequired(true);
    const mfaToken = await mfaTokenOf(user.email);
    expect((await post('/api/auth/mfa/setup', { mfaToken })).statusCode).toBe(401);
    expect((await post('/api/auth/mfa/enable', { mfaToken, code: await codeOf(user.secret) })).statusCode).toBe(401);
    // Without the setting a second-step token sets up nothing either.
    await setRequired(false);
    const plain = await ctx.createUser(Access.employee);
    await setRequired(true);
    const setupToken = envelopeOf(await signIn(plain.email)).Result.mfaToken as string;
    await setRequired(false);
    expect((await post('/api/auth/mfa/setup', { mfaToken: setupToken })).statusCode).toBe(401);
  });

  it('does not force client users', async () => {
    await setRequired(true);
    const client = await ctx.createUser(Access.client);
    const result = envelopeOf(await signIn(client.email)).Result;
    expect(Object.keys(result).sort()).toEqual(['expiration', 'token']);
    expect((await call(ctx, 'GET', '/api/auth/mfa/status', undefined, result.token as string)).body.Result).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
  });

  it('the administrator’s reset of a required staff factor leads to a new setup', async () => {
    const user = await userWithMfa(Access.employee);
    await setRequired(true);
    await call(ctx, 'POST', '/api/settings/users/mfa/reset', { userId: user.id });
    expect(envelopeOf(await signIn(user.email)).Result).toMatchObject({ mfaRequired: true, mfaSetupRequired: true });
  });
});

describe('MfaCrypto', () => {
  it('decrypts only for the user and the key it was encrypted for', () => {
    const crypto = new MfaCrypto('one-installation-secret'.padEnd(40, 'x'));
    const stored = crypto.encrypt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'user-a');
    expect(crypto.decrypt(stored, 'user-a')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(crypto.decrypt(stored, 'user-b')).toBeNull();
    expect(new MfaCrypto('another-installation-secret'.padEnd(40, 'x')).decrypt(stored, 'user-a')).toBeNull();
    const [v, iv, tag, data] = stored.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(crypto.decrypt([v, iv, tag, flipped].join('.'), 'user-a')).toBeNull();
    expect(crypto.decrypt('garbage', 'user-a')).toBeNull();
    expect(crypto.encrypt('same', 'user-a')).not.toBe(crypto.encrypt('same', 'user-a'));
  });
});
