/**
 * DEFAULT_REDIRECT_URL: where campaign-completed sends a recipient whose campaign sets no
 * redirect_url (the organisation's own site rather than a public one).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignData } from '@shared/campaign';
import { buildApp } from '@server/app';
import type { Db } from '@server/db/schema';
import { databaseKinds, testConfig } from '@server/test/harness';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';

const ORG_SITE = 'https://intranet.acme.example/security';

for (const kind of databaseKinds()) {
  describe(`default_url with DEFAULT_REDIRECT_URL [${kind.name}]`, () => {
    let app: FastifyInstance;
    let db: Db;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      const opened = await kind.open();
      db = opened.database.db;
      app = await buildApp(
        { config: testConfig({ DEFAULT_REDIRECT_URL: ORG_SITE }), database: opened.database },
        { logger: { level: 'silent' } },
      );
      dispose = async () => {
        await app.close();
        await opened.dispose();
      };
    });
    afterAll(() => dispose());

    const defaultUrlOf = async (rid: string) =>
      (await app.inject({ method: 'GET', url: `/api/campaign/${rid}` })).json<CampaignData>().default_url;

    it('is DEFAULT_REDIRECT_URL when the campaign has no redirect_url', async () => {
      const seeded = await seedCampaign(db, MINIMAL_CAMPAIGN);
      expect(await defaultUrlOf(seeded.recipients[0]!.rid)).toBe(ORG_SITE);
    });

    it("is the campaign's own redirect_url when it has one", async () => {
      const seeded = await seedCampaign(db, {
        ...MINIMAL_CAMPAIGN,
        redirect_url: 'https://campaign.example/done',
      });
      expect(await defaultUrlOf(seeded.recipients[0]!.rid)).toBe('https://campaign.example/done');
    });
  });
}
