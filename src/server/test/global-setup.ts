import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres, runMigrations } from "../db/connect";

/**
 * Migrates one template database per run with the real migrations: a PGlite data dump that each test file
 * loads (much faster than migrating again), or, for the PostgreSQL project, a template database that each
 * test file copies with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  if (project.name === "postgres") return setupPostgres(project);

  const database = await openPglite(undefined);
  await runMigrations(database);
  const dump = await (
    database as unknown as { db: { $client: { dumpDataDir(c: "none"): Promise<Blob> } } }
  ).db.$client.dumpDataDir("none");
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mg-template-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const template = `mg_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = openPostgres(withDatabase(url, template), 2);
  await runMigrations(database);
  await database.close();
  project.provide("postgresTemplate", template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
