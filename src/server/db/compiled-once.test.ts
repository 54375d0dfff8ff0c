import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';
import { openDatabase, type DatabaseConnection } from './database';
import { migrateToLatest } from './migrate';

describe('compiledOnce', () => {
  let database: DatabaseConnection;
  beforeAll(async () => {
    database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db);
    await database.db
      .insertInto('tenants')
      .values([
        { id: 't1', name: 'One', created_at: '2026-01-01T00:00:00.000Z' },
        { id: 't2', name: 'Two', created_at: '2026-01-02T00:00:00.000Z' },
      ])
      .execute();
  });
  afterAll(() => database.close());

  const byName = compiledOnce((db, name: string, after: string) =>
    db.selectFrom('tenants').select(['id']).where('name', '=', name).where('created_at', '>', after),
  );

  it("binds each call's values to the query compiled on first use, in a transaction too", async () => {
    const { db } = database;
    expect((await byName(db, 'One', '2025-01-01')).rows).toEqual([{ id: 't1' }]);
    expect((await byName(db, 'Two', '2025-01-01')).rows).toEqual([{ id: 't2' }]);
    expect((await byName(db, 'Two', '2026-06-01')).rows).toEqual([]);
    const inside = await db
      .transaction()
      .execute(async (trx) => (await byName(trx, 'One', '2025-01-01')).rows);
    expect(inside).toEqual([{ id: 't1' }]);
  });

  it('refuses a query that does not bind every argument', async () => {
    const unbound = compiledOnce((db, _name: string) => db.selectFrom('tenants').select(['id']));
    await expect(async () => unbound(database.db, 'One')).rejects.toThrow(/every argument/);
  });
});
