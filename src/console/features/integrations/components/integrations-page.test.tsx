import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedEndpoint, Delivery, Endpoint } from '@shared/webhooks';
import en from '@locales/en.console.json';
import enIntegrations from '@locales/en.console-integrations.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage, type Call } from '@console/test/render';
import { IntegrationsPage } from './integrations-page';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-integrations': enIntegrations } } }),
);
afterEach(() => vi.unstubAllGlobals());

const endpoint: Endpoint = {
  id: '7f9c2a4e-1b2c-4d3e-8f90-123456789abc',
  kind: 'webhook',
  url: 'https://hooks.example.com/in',
  description: 'SOAR',
  events: ['click.judged', 'form.submitted'],
  enabled: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const delivery = (id: string, over: Partial<Delivery>): Delivery => ({
  id,
  endpoint_id: endpoint.id,
  endpoint_url: endpoint.url,
  event_id: 'evt_019ab2c4d5e67f80912a3b4c5d6e7f80',
  event_type: 'form.submitted',
  state: 'delivered',
  attempts: 1,
  next_attempt_at: null,
  last_status: 200,
  last_error: null,
  delivered_at: '2026-11-20T10:00:01.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const deliveries = [
  delivery('d1', {}),
  delivery('d2', {
    event_type: 'click.judged',
    state: 'failed',
    attempts: 8,
    last_status: 500,
    last_error: 'HTTP 500',
    delivered_at: null,
  }),
  delivery('d3', {
    event_type: 'campaign.ended',
    state: 'queued',
    attempts: 2,
    last_status: null,
    last_error: 'ECONNREFUSED',
    next_attempt_at: '2026-11-20T10:05:00.000Z',
    delivered_at: null,
  }),
];

const created: CreatedEndpoint = {
  ...endpoint,
  id: 'e2',
  url: 'https://siem.example.com/hookwise',
  events: ['report.received'],
  secret: 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
};

function api(call: Call) {
  const path = call.url.pathname;
  if (path === '/api/admin/webhooks' && call.method === 'GET') return { json: { endpoints: [endpoint] } };
  if (path === '/api/admin/webhooks' && call.method === 'POST') return { status: 201, json: created };
  if (path === '/api/admin/webhook-deliveries') return { json: { deliveries } };
  if (path === '/api/admin/webhook-deliveries/d2/redeliver')
    return { json: { ...deliveries[1], state: 'queued', attempts: 0 } };
  if (path === `/api/admin/webhooks/${endpoint.id}` && call.method === 'PATCH')
    return { json: { ...endpoint, enabled: false } };
  return undefined;
}

describe('IntegrationsPage', () => {
  it('lists endpoints and deliveries in words: no codes, ids or raw statuses', async () => {
    mockFetch(api);
    renderPage(<IntegrationsPage />, { path: '/integrations', url: '/integrations', role: 'owner' });
    const endpoints = await screen.findByRole('table', { name: 'Where events are sent' });
    expect(endpoints.textContent).toContain('A click was judged');
    expect(endpoints.textContent).toContain('A form was submitted');
    expect(endpoints.textContent).toContain('Webhook');
    const log = await screen.findByRole('table', { name: 'Deliveries, newest first' });
    const text = log.textContent ?? '';
    expect(text).toContain('Delivered');
    expect(text).toContain('Failed');
    expect(text).toContain('The receiver answered with an error.');
    expect(text).toContain('Waiting to be sent');
    expect(text).toContain('The receiver could not be reached or did not answer in time.');
    for (const raw of [
      'HTTP 500',
      'ECONNREFUSED',
      'evt_',
      'form.submitted',
      'click.judged',
      '{{',
      endpoint.id,
    ])
      expect(document.body.textContent, raw).not.toContain(raw);
    // Send again only where a delivery has settled.
    expect(within(log).getAllByRole('button', { name: /^Send “/ })).toHaveLength(2);
  });

  it('sends a failed delivery again, and switches an endpoint off', async () => {
    const calls = mockFetch(api);
    renderPage(<IntegrationsPage />, { path: '/integrations', url: '/integrations', role: 'owner' });
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Send “A click was judged” to https://hooks.example.com/in again',
      }),
    );
    await screen.findByText('Queued to be sent again.');
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/d2/redeliver'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off https://hooks.example.com/in' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')!.body!)).toEqual({ enabled: false });
  });

  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    const calls = mockFetch(api);
    renderPage(<IntegrationsPage />, { path: '/integrations', url: '/integrations', role: 'owner' });
    fireEvent.change(await screen.findByLabelText('Address'), {
      target: { value: 'https://siem.example.com/hookwise' },
    });
    const events = screen.getByRole('group', { name: 'Events to send' });
    for (const box of within(events).getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await screen.findByText('Choose at least one event.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(events).getByLabelText('A recipient reported the message'));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByLabelText('Signing secret of the new endpoint');
    expect((secret as HTMLInputElement).value).toBe(created.secret);
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      url: 'https://siem.example.com/hookwise',
      description: '',
      events: ['report.received'],
    });
  });
});
