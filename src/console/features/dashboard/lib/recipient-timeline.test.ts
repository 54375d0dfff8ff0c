import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecipientActivity } from '@shared/dashboard';
import en from '@locales/en.console-results.json';
import type { ResultsT } from '@console/hooks/use-results-t';
import { formatElapsed, phraseText, recipientTimeline, type TimelineEntry } from './recipient-timeline';

const i18n = i18next.createInstance();
const t: ResultsT = (key, options) => i18n.t(key, options);
beforeAll(() =>
  i18n.init({
    lng: 'en',
    ns: ['console-results'],
    defaultNS: 'console-results',
    resources: { en: { 'console-results': en } },
  }),
);

const activity: RecipientActivity = {
  recipient: {
    id: 'r1',
    email: 'ana@example.com',
    first_name: 'Ana',
    department: null,
    language_code: 'en',
    status: 'questionnaire_completed',
    verdict: 'human',
    verdict_reasons: ['trusted mouse gesture'],
    click_via: 'qr',
    score: 100,
    sent_at: '2026-12-01T09:00:00.000Z',
    created_at: '2026-11-30T09:00:00.000Z',
  },
  // Given out of order: the timeline sorts them.
  events: [
    {
      type: 'questionnaire_completed',
      at: '2026-12-01T09:07:00.000Z',
      details: { answers: { q1: ['a'] }, score: 50, passed: false },
      counted: true,
    },
    { type: 'clicked', at: '2026-12-01T09:04:00.000Z', details: { reason: 'user_gesture' }, counted: true },
    {
      type: 'submitted',
      at: '2026-12-01T09:05:00.000Z',
      details: { fields: ['username', 'password'] },
      counted: true,
    },
  ],
  visits: [
    {
      id: 'v2',
      at: '2026-12-01T09:04:00.000Z',
      source: 'event',
      via: 'qr',
      verdict: 'human',
      reasons: ['trusted mouse gesture'],
      catalogue_match: null,
      fanout: 1,
      facts: {
        source: 'event',
        method: 'POST',
        prefetch: false,
        sec_fetch: 'same-origin/cors/empty/-',
        accept: 'any',
        since_sent_ms: 240_000,
        page: 'builtin',
        gesture: 'pointer',
        evidence: {
          webdriver: false,
          visible_ms: 3200,
          focused: true,
          trusted_gesture: true,
          pointer_moved: true,
          pointer_type: 'mouse',
        },
      },
    },
    {
      id: 'v1',
      at: '2026-12-01T09:00:05.000Z',
      source: 'page',
      via: 'link',
      verdict: 'automated',
      reasons: [
        'HEAD request',
        'catalogued network: Proofpoint (probable)',
        'fan-out: 12 recipients from one network in 60 s',
        'a reason of a shape nobody knows',
      ],
      catalogue_match: 'network: Proofpoint (probable)',
      fanout: 12,
      facts: {
        source: 'page',
        method: 'HEAD',
        prefetch: true,
        sec_fetch: null,
        accept: null,
        since_sent_ms: 5000,
        unknown_fact: { nested: true },
      },
    },
  ],
  attempts: [
    { kind: 'submit', at: '2026-12-01T09:04:30.000Z', details: { fields: [] } },
    { kind: 'submit', at: '2026-12-01T09:05:00.000Z', details: { fields: ['username', 'password'] } },
    {
      kind: 'questionnaire',
      at: '2026-12-01T09:07:00.000Z',
      details: { answers: { q1: ['a'] }, score: 50, passed: false, retake: false },
    },
    {
      kind: 'questionnaire',
      at: '2026-12-01T09:09:00.000Z',
      details: { answers: { q1: ['b'] }, score: 100, passed: true, retake: true },
    },
  ],
};

const text = (entry: TimelineEntry) => [entry.title, ...entry.lines].map((p) => phraseText(p, t, 'en'));

describe('a recipient’s timeline', () => {
  it('merges the send, visits, steps and attempts, oldest first', () => {
    const entries = recipientTimeline(activity, 'en');
    expect(entries.map((e) => [e.at.slice(11, 19), text(e)[0]])).toEqual([
      ['09:00:00', 'E-mail sent'],
      ['09:00:05', 'Link opened'],
      ['09:04:00', 'Click reported by the page'],
      ['09:04:00', 'Clicked (people)'],
      ['09:04:30', 'Pressed submit'],
      ['09:05:00', 'Entered data'],
      ['09:05:00', 'Pressed submit'],
      ['09:07:00', 'Answered the questions'],
      ['09:07:00', 'Questionnaire attempt'],
      ['09:09:00', 'Questionnaire retake'],
    ]);
  });

  it('says a scanner’s visit in words: verdict, why, the scanner, the network and the evidence', () => {
    const scanner = recipientTimeline(activity, 'en')[1]!;
    expect(scanner).toMatchObject({ kind: 'visit', verdict: 'automated' });
    expect(text(scanner)).toEqual([
      'Link opened',
      'Judged: Automated',
      'Why: HEAD request, Known scanner network or agent, Many recipients from one network',
      'Probably a known scanner: Proofpoint',
      'Recipients whose links were opened from the same network: 12',
      'Opened 5 seconds after sending',
      'Only the headers were fetched (HEAD)',
      'Fetched in advance by the browser (prefetch)',
    ]);
  });

  it('says a person’s visit in words: the QR code, the gesture and how long the page was seen', () => {
    const person = recipientTimeline(activity, 'en')[2]!;
    expect(text(person)).toEqual([
      'Click reported by the page',
      'Through the QR code',
      'Judged: Human',
      'Why: Real pointer, key or touch gesture',
      'Opened 4 minutes after sending',
      'Mouse click',
      'Page visible for 3.2 seconds',
    ]);
  });

  it('counts fields instead of naming them, and gives scores in percent with the outcome', () => {
    const all = recipientTimeline(activity, 'en').map(text);
    expect(all[4]).toEqual(['Pressed submit', 'Nothing was filled in']);
    expect(all[5]).toEqual(['Entered data', 'Fields filled in: 2']);
    expect(all[7]).toEqual(['Answered the questions', 'Score: 50%', 'Not passed']);
    expect(all[9]).toEqual(['Questionnaire retake', 'Score: 100%', 'Passed']);
    expect(all.flat().join(' ')).not.toMatch(/username|password|sec_fetch|since_sent|unknown_fact|[{}]/);
  });

  it('says why a step after a visit not judged a person’s is not counted', () => {
    const entries = recipientTimeline(
      {
        ...activity,
        recipient: { ...activity.recipient, sent_at: null },
        visits: [],
        attempts: [],
        events: activity.events.map((e) => ({ ...e, counted: false })),
      },
      'en',
    );
    expect(entries.map((e) => (e.kind === 'event' ? [e.type, e.counted] : e.kind))).toEqual([
      ['clicked', false],
      ['submitted', false],
      ['questionnaire_completed', false],
    ]);
    expect(text(entries[0]!)).toEqual([
      "Click reported by the page, not counted (the visit was not judged a person's)",
    ]);
    expect(text(entries[1]!)).toEqual([
      'Entered data',
      "Not counted: the visit was not judged a person's",
      'Fields filled in: 2',
    ]);
  });

  it('leaves out facts it cannot read and writes lengths of time in the operator’s language', () => {
    const visit = { ...activity.visits[1]!, facts: { since_sent_ms: null, method: 'GET', evidence: 'odd' } };
    const [entry] = recipientTimeline(
      {
        ...activity,
        events: [],
        attempts: [],
        visits: [visit],
        recipient: { ...activity.recipient, sent_at: null },
      },
      'en',
    );
    expect(text(entry!)).not.toContain(expect.stringMatching(/after sending|null/));
    expect(formatElapsed(90 * 60_000, 'en')).toBe('1.5 hours');
    expect(formatElapsed(3 * 86_400_000, 'de')).toBe('3 Tage');
  });
});
