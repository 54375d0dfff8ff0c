/**
 * Growth: a campaign with N recipients and 8 events each, built straight into the database
 * (inserts/s), then the results funnel and one results page timed from 10k to 125k recipients.
 * Eight, not ten: a step is recorded once per recipient (unique index), so the worst case is
 * every recipient reaching every step; 125k recipients then make the 1,000,000 events.
 */
import type { DatabaseConnection } from '@server/db/database';
import type { NewEvent, NewRecipient } from '@server/db/schema';
import { newId, newRid } from '@server/lib/ids';
import { campaignById } from '@server/cli/cli-context';
import { campaignResults } from '@server/modules/results/results.service';
import { EVENT_TYPES } from '@shared/events';
import type { BenchDatabase } from './support/databases';
import type { Figure } from './support/report';
import { benchDemo, buildInBatches, openBenchStore } from './support/seed';

const EVENTS_PER_RECIPIENT = EVENT_TYPES.length;

export async function growthBench(database: BenchDatabase, sizes: number[]): Promise<Figure[]> {
  const section = `growth/${database.kind}`;
  const figures: Figure[] = [];
  const store = await openBenchStore(database);
  const { db, config } = store;
  for (const size of sizes) {
    // Each size is its own campaign, so every measurement sees exactly `size` recipients.
    const demo = await benchDemo(store);
    const built = await buildCampaign(db, demo.tenantId, demo.campaignId, size);
    figures.push({
      section,
      name: `build ${size / 1000}k recipients + ${(size * EVENTS_PER_RECIPIENT) / 1000}k events`,
      value: built.rowsPerSecond,
      unit: 'rows/s',
      note: `${(built.ms / 1000).toFixed(1)} s`,
    });
    const campaign = await campaignById(db.db, demo.campaignId);
    const { pseudonymKey } = config;
    const funnel = await median(() =>
      campaignResults(db.db, campaign, { pseudonymise: false, pseudonymKey, page: { limit: 1, offset: 0 } }),
    );
    const page = await median(() =>
      campaignResults(db.db, campaign, {
        pseudonymise: true,
        pseudonymKey,
        page: { limit: 100, offset: Math.floor(size / 2) },
      }),
    );
    figures.push(
      {
        section,
        name: `results funnel at ${size / 1000}k`,
        value: funnel,
        unit: 'ms',
        target: { op: '<=', value: 200, of: 'value' },
      },
      {
        section,
        name: `results funnel + page of 100 (middle) at ${size / 1000}k`,
        value: page,
        unit: 'ms',
        target: { op: '<=', value: 200, of: 'value' },
      },
    );
  }
  await db.close();
  return figures;
}

export async function buildCampaign(
  db: DatabaseConnection,
  tenantId: string,
  campaignId: string,
  size: number,
) {
  const base = Date.parse('2026-12-01T09:00:00.000Z');
  const built = await buildInBatches(db, size, (start, end) => {
    const recipients: NewRecipient[] = [];
    const events: NewEvent[] = [];
    for (let i = start; i < end; i++) {
      const id = newId();
      const at = new Date(base + i * 1000).toISOString();
      recipients.push({
        id,
        tenant_id: tenantId,
        campaign_id: campaignId,
        rid: newRid(),
        email: `r${i}@example.com`,
        person_id: null,
        first_name: null,
        language_code: null,
        // Every step reached, as the events below say (the funnel reads these, not the events).
        status: 'completed',
        status_rank: EVENT_TYPES.length,
        steps: 2 ** EVENT_TYPES.length - 1,
        score: (i * 7) % 101,
        created_at: at,
      });
      for (const type of EVENT_TYPES.slice(0, EVENTS_PER_RECIPIENT)) {
        const details = type === 'questionnaire_completed' ? JSON.stringify({ score: (i * 7) % 101 }) : '{}';
        events.push({
          id: newId(),
          tenant_id: tenantId,
          campaign_id: campaignId,
          recipient_id: id,
          type,
          details,
          ip: '203.0.113.0',
          user_agent: 'bench',
          created_at: at,
        });
      }
    }
    return { recipients, events };
  });
  return { ms: built.ms, rowsPerSecond: built.rows / (built.ms / 1000) };
}

async function median(run: () => Promise<unknown>, times = 5): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)] ?? Number.NaN;
}
