import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { raceIt } from './concurrency.ts';
import { logs, signInAttempts } from '../src/db/schema/index.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers.ts';

/**
 * The sign-in limits under parallel requests: an attempt is admitted (counted and recorded) before its password is
 * checked, under the user name's and the IP's advisory locks, so at most SIGNIN_MAX_ATTEMPTS failed attempts per user
 * name (×5 per IP) are ever checked, however many arrive at once. PGlite runs one transaction at a time; on a
 * PostgreSQL server (TEST_DATABASE_URL) the requests really run in parallel.
 */
const LIMIT = 4;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SIGNIN_MAX_ATTEMPTS: String(LIMIT) });
});
afterAll(() => ctx.close());

const signIn = (username: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signIn', payload: { username, password }, remoteAddress: ip });

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

const attemptsOf = (username: string) =>
  ctx.database.db
    .select()
    .from(signInAttempts)
    .where(eq(signInAttempts.username, username))
    .orderBy(asc(signInAttempts.id));

describe('sign-in limits under parallel requests', () => {
  raceIt('50 parallel wrong passwords for one user name: exactly the limit answered 400, the rest 429', async () => {
    const user = await ctx.createUser(2);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(user.email, `wrong-${i}`, `10.20.0.${i}`)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect([countOf(statuses, 400), countOf(statuses, 429)]).toEqual([LIMIT, 50 - LIMIT]);
    for (const response of responses)
      expect(response.json().Message).toBe(response.statusCode === 400 ? 'invalid_credentials' : 'too_many_attempts');
    // Each checked attempt is recorded and logged once; a refused one neither.
    expect((await attemptsOf(user.email)).map((a) => a.success)).toEqual(Array(LIMIT).fill(false));
    const failed = await ctx.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.doc, user.id), eq(logs.action, 'signInFailed')));
    expect(failed).toHaveLength(LIMIT);
    // The right password is refused too now.
    expect((await signIn(user.email, TEST_PASSWORD, '10.20.1.1')).statusCode).toBe(429);
  });

  raceIt(
    '99 parallel wrong passwords and the right one: the right one gets a token only before the limit is reached',
    async () => {
      for (let round = 0; round < 2; round += 1) {
        const user = await ctx.createUser(2);
        const right = (round * 37) % 100;
        const responses = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            signIn(user.email, i === right ? TEST_PASSWORD : `wrong-${i}`, `10.21.${round}.${i}`),
          ),
        );
        const statuses = responses.map((r) => r.statusCode);
        expect(statuses.every((s) => s === 200 || s === 400 || s === 429)).toBe(true);
        // Never more than the limit of wrong passwords checked; the right one is answered 200 or 429.
        expect(countOf(statuses, 400)).toBeLessThanOrEqual(LIMIT);
        expect(countOf(statuses, 400)).toBeGreaterThanOrEqual(LIMIT - 1);
        expect([200, 429]).toContain(statuses[right]);
        expect(countOf(statuses, 200)).toBe(statuses[right] === 200 ? 1 : 0);
        const attempts = await attemptsOf(user.email);
        expect(attempts.filter((a) => !a.success)).toHaveLength(countOf(statuses, 400));
        const success = attempts.findIndex((a) => a.success);
        if (statuses[right] === 200) {
          // The token came while fewer than `limit` failed attempts had been admitted before it.
          expect(success).toBeGreaterThanOrEqual(0);
          expect(success).toBeLessThan(LIMIT);
        } else {
          expect(success).toBe(-1);
          expect(countOf(statuses, 400)).toBe(LIMIT);
        }
        // Once the limit of failed attempts is reached, the right password is refused.
        const failedCount = countOf(statuses, 400);
        expect((await signIn(user.email, TEST_PASSWORD, `10.21.${round}.200`)).statusCode).toBe(
          failedCount === LIMIT ? 429 : 200,
        );
      }
    },
  );

  raceIt(
    '30 parallel wrong passwords from one IP for different user names: exactly five times the limit answered 400',
    async () => {
      const ip = '10.22.0.1';
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(`ghost-${i}@test.local`, 'wrong-password', ip)),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect([countOf(statuses, 400), countOf(statuses, 429)]).toEqual([LIMIT * 5, 30 - LIMIT * 5]);
      const recorded = await ctx.database.db.select().from(signInAttempts).where(eq(signInAttempts.ip, ip));
      expect(recorded).toHaveLength(LIMIT * 5);
      // A real user from that address is refused; from another address they sign in.
      const user = await ctx.createUser(2);
      expect((await signIn(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
      expect((await signIn(user.email, TEST_PASSWORD, '10.22.0.2')).statusCode).toBe(200);
    },
  );
});
