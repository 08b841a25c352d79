import { inject, it, type TestContext } from 'vitest';

/** PGlite (the default test database) runs one query at a time; TEST_DATABASE_URL runs the tests on PostgreSQL. */
export const onPGlite = inject('dbTemplate').kind === 'pglite';

export const PGLITE_RACE_NOTE =
  'PGlite runs one query at a time: the concurrent requests were served one after another, locking was not exercised (`bash .ci/run` runs this test on PostgreSQL)';

let noted = false;

/**
 * A test of concurrent requests (locks, unique keys under races). On PostgreSQL it proves the locking; on PGlite it
 * only proves the outcome of the same requests served one after another, so there its name says so, it carries an
 * annotation, and the file prints one line.
 */
export function raceIt(name: string, body: (context: TestContext) => Promise<void>, timeout?: number) {
  return it(
    onPGlite ? `${name} [PGlite: locking not exercised]` : name,
    async (context) => {
      if (onPGlite) {
        await context.annotate(PGLITE_RACE_NOTE, 'notice');
        if (!noted) {
          noted = true;
          console.log(`${context.task.file.name}: ${PGLITE_RACE_NOTE}`);
        }
      }
      await body(context);
    },
    timeout,
  );
}
