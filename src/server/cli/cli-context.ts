/** Runs a CLI command against the configured database (migrated first), then closes it. */
import type { Kysely } from 'kysely';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { findCampaignById } from '../modules/campaigns/campaigns.service';

/** `migrate: false` leaves migrating to the command itself (`hookwise migrate` reports it). */
export async function withDatabase<T>(
  run: (config: Config, database: Db) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    if (options.migrate !== false) await migrateToLatest(database.db);
    return await run(config, database);
  } finally {
    await database.close();
  }
}

/** The CLI sees the whole database: a campaign is found by id alone, with a readable error. */
export async function campaignById(db: Kysely<Database>, id: string) {
  const campaign = await findCampaignById(db, id);
  if (!campaign) throw new Error(`Unknown campaign ${id}`);
  return campaign;
}
