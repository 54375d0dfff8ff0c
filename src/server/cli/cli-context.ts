/**
 * Runs a CLI command against the configured database (migrated first), then closes it. The
 * command acts as `cli:<operating-system user>`: every change it makes is audited under that name.
 */
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseConnection } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { actingAs, cliActor } from '../modules/audit/actor-context';
import { findCampaignById } from '../modules/campaigns/campaigns.service';
import type { Db } from '@server/db/schema';

/** `migrate: false` leaves migrating to the command itself (`hookwise migrate` reports it). */
export async function withDatabase<T>(
  run: (config: Config, database: DatabaseConnection) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    if (options.migrate !== false) await migrateToLatest(database.db);
    return await actingAs(cliActor(), () => run(config, database));
  } finally {
    await database.close();
  }
}

/** The CLI sees the whole database: a campaign is found by id alone, with a readable error. */
export async function campaignById(db: Db, id: string) {
  const campaign = await findCampaignById(db, id);
  if (!campaign) throw new Error(`Unknown campaign ${id}`);
  return campaign;
}
