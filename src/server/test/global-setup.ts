// Announces, once per run, whether the PostgreSQL half of the API tests runs, and the IMAP tests.
import pg from 'pg';
import { dovecotInstalled } from './dovecot';

export default async function setup(): Promise<void> {
  if (!dovecotInstalled) {
    if (process.env.REQUIRE_IMAP === '1')
      throw new Error('REQUIRE_IMAP=1 but Dovecot is not installed (dovecot-imapd)');
    console.warn('\n*** SKIPPED: IMAP intake tests (install dovecot-imapd to run them) ***\n');
  }
  const url = process.env.TEST_DATABASE_URL;
  const required = process.env.REQUIRE_PG === '1';
  if (!url) {
    if (required) throw new Error('REQUIRE_PG=1 but TEST_DATABASE_URL is not set');
    console.warn(
      '\n*** SKIPPED: PostgreSQL API tests (set TEST_DATABASE_URL=postgres://… to run them) ***\n',
    );
    return;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable: ${String(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
