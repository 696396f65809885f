// Opens the configured database, applies migrations and the reference data every deployment needs.
import type { AppConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from './client.ts';
import { migrate } from './migrate.ts';
import { ensureReferenceData } from './reference-data.ts';

export async function openDatabase(config: AppConfig): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite({ dataDir: config.dataDir });
  await migrate(database.db);
  await ensureReferenceData(database.db);
  return database;
}
