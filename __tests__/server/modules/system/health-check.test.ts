import { databaseCheck } from '../../../../server/modules/system/routes';

/**
 * `GET /api/health`'s database check (server/modules/system/routes.ts, docs/performance.md "Fixed cost of a
 * request"): a success answers the checks of the next `freshMs`; concurrent checks share one query; a failure is
 * never reused.
 */
describe('health database check', () => {
  test('asks the database at most once per fresh period, and again after it', async () => {
    let clock = 0;
    let pings = 0;
    const check = databaseCheck(
      async () => void pings++,
      1000,
      () => clock,
    );
    await check();
    await check();
    clock = 999;
    await check();
    expect(pings).toBe(1);
    clock = 1000;
    await check();
    expect(pings).toBe(2);
  });

  test('concurrent checks share the query in flight', async () => {
    let pings = 0;
    let answer!: () => void;
    const check = databaseCheck(() => {
      pings++;
      return new Promise<void>((resolve) => (answer = resolve));
    });
    const both = Promise.all([check(), check(), check()]);
    answer();
    await both;
    expect(pings).toBe(1);
  });

  test('a failure rejects every waiting check and is not remembered', async () => {
    let fail = true;
    let pings = 0;
    const check = databaseCheck(async () => {
      pings++;
      if (fail) throw new Error('database down');
    });
    await expect(Promise.all([check(), check()])).rejects.toThrow('database down');
    await expect(check()).rejects.toThrow('database down');
    expect(pings).toBe(2);
    fail = false;
    await check();
    await check();
    expect(pings).toBe(3);
  });
});
