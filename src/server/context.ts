/** What every route module is built with: configuration and the open database. */
import type { Config } from './config';
import type { DatabaseConnection } from './db/database';

export interface AppContext {
  readonly config: Config;
  readonly database: DatabaseConnection;
}
