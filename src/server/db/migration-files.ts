import fs from "node:fs";
import path from "node:path";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";

/**
 * The migrations as drizzle reads them, with each `-- @include functions/{name}.sql` statement replaced by
 * that file: the one readable source of a database function (migrations/functions/). The migration that
 * changes a function includes its file; when a later migration changes it again, the earlier one gets the
 * text it ran inlined (frozen), so a new database still replays history as it was. The migration's hash
 * (drizzle's record of it) is of the migration file itself.
 */
export function readMigrations(migrationsFolder: string): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder }).map((migration) => ({
    ...migration,
    sql: migration.sql.map((statement) => expandIncludes(statement, migrationsFolder)),
  }));
}

const INCLUDE = /^\s*-- @include (functions\/[a-z_]+\.sql)\s*$/m;

function expandIncludes(statement: string, migrationsFolder: string): string {
  const match = INCLUDE.exec(statement);
  if (!match?.[1]) return statement;
  const rest = statement.replace(INCLUDE, "").trim();
  if (rest !== "") throw new Error(`an @include must be a statement of its own: ${statement}`);
  return fs.readFileSync(path.join(migrationsFolder, match[1]), "utf8");
}

/** The body (between the $$ quotes) of each function a source file under migrations/functions defines. */
export function functionSources(migrationsFolder: string): Map<string, string> {
  const dir = path.join(migrationsFolder, "functions");
  const sources = new Map<string, string>();
  for (const file of fs.readdirSync(dir)) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const body = /\$\$([\s\S]*)\$\$/.exec(text)?.[1];
    if (body === undefined) throw new Error(`${file} has no $$-quoted body`);
    sources.set(path.basename(file, ".sql"), body);
  }
  return sources;
}
