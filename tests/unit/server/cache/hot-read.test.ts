// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HotReadCache, recordQuery } from '../../../../src/server/cache/hot-read.ts';

/** A load that "queries" the given tables, as the database logger would report them. */
const loader = (tables: string[], value: unknown) => {
  let calls = 0;
  const load = async () => {
    calls += 1;
    for (const t of tables) recordQuery(`select "${t}"."id" from "${t}" where "${t}"."id" = $1`);
    return value;
  };
  return { load, calls: () => calls };
};

const versions = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('HotReadCache', () => {
  it('serves the kept answer while the versions of its tables are unchanged', async () => {
    const cache = new HotReadCache();
    const { load, calls } = loader(['scores', 'enrollments'], { data: [1] });
    const a = await cache.get('k', versions({ scores: 1, enrollments: 4, learners: 9 }), load);
    // A table it did not read changes: still served from the cache.
    const b = await cache.get('k', versions({ scores: 1, enrollments: 4, learners: 10 }), load);
    expect(calls()).toBe(1);
    expect(b.etag).toBe(a.etag);
    expect(JSON.parse(b.body)).toEqual({ data: [1] });
  });

  it('reads again once a table it read from is written', async () => {
    const cache = new HotReadCache();
    const { load, calls } = loader(['scores'], { data: [1] });
    await cache.get('k', versions({ scores: 1 }), load);
    await cache.get('k', versions({ scores: 2 }), load);
    expect(calls()).toBe(2);
    // A table never bumped (absent) counts as version 0, and its first bump is seen.
    const other = loader(['certificates'], { data: [] });
    await cache.get('c', versions({}), other.load);
    await cache.get('c', versions({ certificates: 1 }), other.load);
    expect(other.calls()).toBe(2);
  });

  it('keeps nothing read from an untracked table, nor a load that ran no query', async () => {
    const cache = new HotReadCache();
    const logged = loader(['system_logs'], { data: [] });
    await cache.get('log', versions({}), logged.load);
    await cache.get('log', versions({}), logged.load);
    expect(logged.calls()).toBe(2);
    const none = loader([], { data: [] });
    await cache.get('none', versions({}), none.load);
    await cache.get('none', versions({}), none.load);
    expect(none.calls()).toBe(2);
  });

  it('runs one load for concurrent requests of the same answer', async () => {
    const cache = new HotReadCache();
    const { load, calls } = loader(['scores'], { data: [2] });
    const all = await Promise.all(
      Array.from({ length: 5 }, () => cache.get('k', versions({ scores: 3 }), load)),
    );
    expect(calls()).toBe(1);
    expect(new Set(all.map((a) => a.etag)).size).toBe(1);
  });

  it('does not cache a failed load', async () => {
    const cache = new HotReadCache();
    let fail = true;
    const load = async () => {
      recordQuery('select 1 from "scores"');
      if (fail) throw new Error('database gone');
      return { ok: true };
    };
    await expect(cache.get('k', versions({}), load)).rejects.toThrow('database gone');
    fail = false;
    expect(JSON.parse((await cache.get('k', versions({}), load)).body)).toEqual({ ok: true });
  });

  it('reads again after maxAge for answers that follow the clock', async () => {
    const cache = new HotReadCache();
    const { load, calls } = loader(['exam_plans'], { data: [] });
    await cache.get('p', versions({}), load, 0);
    await cache.get('p', versions({}), load, 0);
    expect(calls()).toBe(2);
  });

  it('drops the oldest answers beyond its byte budget', async () => {
    const cache = new HotReadCache(300);
    for (let i = 0; i < 10; i++)
      await cache.get(`k${i}`, versions({}), loader(['scores'], { pad: 'x'.repeat(80) }).load);
    expect(cache.size).toBeLessThan(10);
    expect(cache.size).toBeGreaterThan(0);
    const again = loader(['scores'], { pad: 'y' });
    await cache.get('k0', versions({}), again.load);
    expect(again.calls()).toBe(1);
  });

  it('records only tables of the schema from the SQL', () => {
    // Outside a load nothing is recorded and nothing throws.
    expect(() => recordQuery('select * from "scores"')).not.toThrow();
  });
});
