import Libsql from 'libsql';

/** An SQLite connection with better-sqlite3's synchronous API, as libsql gives it. */
export type Database = Libsql.Database;

/**
 * Statements kept prepared, by their SQL: the routes prepare theirs on every call, and compiling a statement costs
 * more than running it (the session lookup of every request, most of all). The SQL is the code's own, so the set is
 * small; the bound only keeps a dynamic statement from growing it.
 */
const PREPARED_STATEMENTS = 512;

/**
 * Opens (creating when new) the SQLite file at `path` through libsql. libsql keeps better-sqlite3's API and installs
 * as prebuilt registry packages, where better-sqlite3 compiles SQLite on every fresh install (a minute or more here).
 * One difference is undone: libsql's `get` adds a `_metadata` member (the query's duration) to the row it returns,
 * which would otherwise reach JSON answers and row comparisons.
 */
export function openSqlite(path: string): Database {
  const db = new Libsql(path);
  const prepare = db.prepare.bind(db);
  const prepared = new Map<string, ReturnType<Database['prepare']>>();
  db.prepare = ((source: string) => {
    let statement = prepared.get(source);
    if (!statement) {
      statement = withPlainRows(prepare(source));
      if (prepared.size >= PREPARED_STATEMENTS) prepared.delete(prepared.keys().next().value as string);
      prepared.set(source, statement);
    }
    return statement;
  }) as Database['prepare'];
  return db;
}

function withPlainRows<S extends { get(...params: unknown[]): unknown }>(statement: S): S {
  const get = statement.get.bind(statement);
  statement.get = (...params: unknown[]) => {
    const row = get(...params);
    if (row !== null && typeof row === 'object' && '_metadata' in row) delete row._metadata;
    return row;
  };
  return statement;
}
