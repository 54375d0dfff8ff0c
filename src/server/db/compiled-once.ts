/**
 * Hot queries compiled once per dialect and run with each call's values. Kysely builds and
 * compiles a query's syntax tree on every call; the recipient and reviewer paths run the same
 * few queries thousands of times a second, and building and compiling them was about a fifth of
 * a landing's CPU time (profiled under load). Only for queries whose SQL is the same whatever
 * the values: scalar parameters, no lists (`in`), no columns that come and go.
 */
import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import type { Db } from './schema';

/** Stands in for the i-th argument while the query is compiled; found again among its parameters. */
class Slot {
  constructor(readonly index: number) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter: the argument it takes, or -1 for a value the query itself holds. */
  slots: number[];
}

export function compiledOnce<Args extends unknown[], R>(
  build: (db: Db, ...args: Args) => Compilable<R>,
): (db: Db, ...args: Args) => Promise<QueryResult<R>> {
  // By dialect adapter: a transaction shares its database's, and SQLite and PostgreSQL differ.
  const cache = new WeakMap<object, Compiled<R>>();
  return (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let compiled = cache.get(adapter);
    if (!compiled) {
      const standIns = args.map((_, index) => new Slot(index)) as Args;
      const query = build(db, ...standIns).compile();
      const slots = query.parameters.map((value) => (value instanceof Slot ? value.index : -1));
      if (new Set(slots.filter((slot) => slot >= 0)).size !== args.length) {
        throw new Error('compiledOnce: every argument must be a bound value of the query');
      }
      compiled = { query, slots };
      cache.set(adapter, compiled);
    }
    const { query, slots } = compiled;
    const parameters = slots.map((slot, i) => (slot === -1 ? query.parameters[i] : args[slot]));
    return db.executeQuery<R>({ ...query, parameters });
  };
}
