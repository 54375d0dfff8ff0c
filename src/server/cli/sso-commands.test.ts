/**
 * `hookwise sso …` through the real binary: set up from nothing (the secret from a file, sealed,
 * never printed back), change one option without repeating the rest, and refuse what is
 * incomplete or malformed with a one-line reason.
 */
import { describe, expect, it } from 'vitest';
import type { SsoSettings } from '@shared/sso';
import { cliSandbox } from '../test/cli-sandbox';

describe('hookwise sso', () => {
  it('sets, shows and changes a tenant’s single sign-on', { timeout: 60_000 }, () => {
    const { hookwise, file } = cliSandbox('sso');
    const { tenant_id: tenant } = JSON.parse(hookwise('tenant', 'create', 'Acme', '--json')) as {
      tenant_id: string;
    };
    expect(hookwise('sso', 'show', tenant)).toMatch(/^Single sign-on is not set up\.$/m);
    // The first time, the secret is needed.
    expect(() =>
      hookwise(
        'sso',
        'set',
        tenant,
        '--issuer',
        'https://idp.example',
        '--client-id',
        'hw',
        '--domains',
        'example.com',
      ),
    ).toThrow(/Give the client secret/);
    const secret = file('secret.txt', 'very-secret-value\n');
    const set = JSON.parse(
      hookwise(
        'sso',
        'set',
        tenant,
        '--issuer',
        'https://idp.example',
        '--client-id',
        'hw',
        '--client-secret-file',
        secret,
        '--domains',
        'Example.com, example.org',
        '--owner-values',
        'hw-owners',
        '--json',
      ),
    ) as SsoSettings;
    expect(set).toMatchObject({
      configured: true,
      client_secret_set: true,
      allowed_domains: ['example.com', 'example.org'],
      role_values: { owner: ['hw-owners'], operator: [], viewer: [] },
      required: false,
    });
    // One option changes; the rest (the secret too) stays.
    const required = JSON.parse(hookwise('sso', 'set', tenant, '--required', '--json')) as SsoSettings;
    expect(required).toMatchObject({ required: true, client_id: 'hw', client_secret_set: true });
    expect(hookwise('sso', 'set', tenant, '--no-required')).toMatch(/^SSO required: {4}no$/m);
    expect(hookwise('sso', 'show', tenant, '--json')).not.toContain('very-secret-value');
    expect(() => hookwise('sso', 'set', tenant, '--domains', 'not a domain')).toThrow(
      /Invalid allowed_domains\.0: a domain such as example\.com/,
    );
  });
});
