/**
 * A tenant's own offices and gateways through the operator API: read by any role, replaced by an
 * owner, normalised (a bare address is one host), refused whole when one entry is not a range,
 * audited, and never shown to another tenant.
 */
import { expect, it } from 'vitest';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';

const URL = '/api/admin/settings/egress-networks';

describeEachDatabase('egress networks', (get) => {
  it('are replaced by an owner, normalised, audited and kept to the tenant', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Office');
    const other = await newTenant(h, 'Elsewhere');
    const read = async (headers: Record<string, string>) => {
      const res = await h.admin.inject({ method: 'GET', url: URL, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ networks: string[] }>().networks;
    };
    const put = (networks: unknown) =>
      h.admin.inject({ method: 'PUT', url: URL, headers: tenant.headers, payload: { networks } });

    expect(await read(tenant.headers)).toEqual([]);
    const saved = await put([
      ' 203.0.113.0/24 ',
      '198.51.100.7',
      '2001:db8:1::/48',
      '2001:db8::9',
      '198.51.100.7',
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = ['203.0.113.0/24', '198.51.100.7/32', '2001:db8:1::/48', '2001:db8::9/128'];
    expect(saved.json()).toEqual({ networks: expected });
    expect(await read(tenant.headers)).toEqual(expected);
    expect(await read(other.headers)).toEqual([]);

    // One bad entry refuses the whole list; the stored one stays.
    const bad = await put(['203.0.113.0/24', 'office.example']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'bad_request', message: expect.stringContaining('office.example') },
    });
    expect((await put('203.0.113.0/24')).statusCode).toBe(400);
    expect(await read(tenant.headers)).toEqual(expected);

    const audit = await h.admin.inject({ method: 'GET', url: '/api/admin/audit', headers: tenant.headers });
    const actions = audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action);
    expect(actions.filter((a) => a === 'settings.egress_networks')).toHaveLength(1);

    expect((await put([])).json()).toEqual({ networks: [] });
    expect(await read(tenant.headers)).toEqual([]);
  });
});
