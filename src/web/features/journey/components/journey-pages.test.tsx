/**
 * The questionnaire and the journey's step bar as a recipient meets them, in jsdom: one question
 * at a time, required answers, the server's verdict against the pass mark, a retake sent as a
 * retake, and a step bar that only shows as done what was done.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.upi-public.json';
import type { CampaignData } from '@shared/campaign';
import type { EventResponse } from '@shared/journey';
import { initI18n } from '@web/lib/i18n';
import { campaignData } from '@web/test/campaign-fixture';
import { pointsOf } from '../lib/journey-steps';
import { AwarenessPage } from './awareness-page';
import { JourneyContext } from '../hooks/journey-context';
import { JourneyProgress } from './journey-progress';
import { QuestionnairePage } from './questionnaire-page';

const QUESTIONS: CampaignData['questionnaires']['questions'] = [
  {
    id: 'q1',
    type: 'single',
    text: 'Which detail gave it away?',
    options: [
      { id: 'a', text: 'The sender’s domain' },
      { id: 'b', text: 'The font' },
    ],
  },
  {
    id: 'q2',
    type: 'multiple',
    text: 'Which are signs of phishing?',
    options: [
      { id: 'a', text: 'Urgency' },
      { id: 'b', text: 'A password request' },
    ],
  },
];

function data(changes: Partial<CampaignData> = {}): CampaignData {
  return campaignData('r1', {
    navigation: ['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire'],
    questionnaires: { required: true, allow_retake: true, questions: QUESTIONS },
    ...changes,
  });
}

function result(score: number, passed: boolean): EventResponse {
  return {
    type: 'questionnaire_completed',
    recorded: true,
    progress: { status: 'questionnaire_completed', completed_steps: ['questionnaire_completed'], score },
    result: {
      score,
      passed,
      correct_count: passed ? 2 : 1,
      total: 2,
      questions: [
        { id: 'q1', correct: true, selected: ['a'], correct_options: ['a'], explanation: '' },
        { id: 'q2', correct: passed, selected: ['a'], correct_options: ['a', 'b'], explanation: 'Both.' },
      ],
    },
  };
}

/** Records each POST body and answers with the given responses in turn. */
function stubEvents(...responses: EventResponse[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
    const body = responses[Math.min(bodies.length - 1, responses.length - 1)];
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  return bodies;
}

function renderWith(value: CampaignData, element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/phish/questionnaire?rid=r1']}>
      <JourneyContext.Provider value={value}>{element}</JourneyContext.Provider>
    </MemoryRouter>,
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('questionnaire page', () => {
  beforeAll(async () => {
    await initI18n({ preloaded: { language: 'en', resources: { en } }, language: 'en' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('asks one question at a time and waits for an answer when required', () => {
    renderWith(data(), <QuestionnairePage />);
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Which detail gave it away?' })).toBeTruthy();
    const next = screen.getByRole<HTMLButtonElement>('button', { name: en['questionnaire.next'] });
    expect(next.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: en['questionnaire.skip'] })).toBeNull();
    fireEvent.click(screen.getByLabelText('The sender’s domain'));
    expect(next.disabled).toBe(false);
    click(en['questionnaire.next']);
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it('shows the verdict against the pass mark, and sends a retake as a retake', async () => {
    const bodies = stubEvents(result(50, false), result(100, true));
    renderWith(data(), <QuestionnairePage />);
    fireEvent.click(screen.getByLabelText('The sender’s domain'));
    click(en['questionnaire.next']);
    fireEvent.click(screen.getByLabelText('Urgency'));
    click(en['questionnaire.submit']);
    expect(await screen.findByText(en['questionnaire.failed'])).toBeTruthy();
    expect(screen.getByText('Pass mark: 70%')).toBeTruthy();
    // Operator text keeps its own direction.
    expect(screen.getByText('Which detail gave it away?').getAttribute('dir')).toBe('auto');
    expect(bodies[0]).toEqual({
      rid: 'r1',
      type: 'questionnaire_completed',
      details: { answers: { q1: ['a'], q2: ['a'] } },
    });
    click(en['questionnaire.retake']);
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('The sender’s domain').checked).toBe(false);
  });

  it('marks the submission a retake once an attempt is recorded', async () => {
    const recorded = data({
      progress: { status: 'completed', completed_steps: ['questionnaire_completed'], score: 50 },
    });
    const bodies = stubEvents(result(100, true));
    renderWith(recorded, <QuestionnairePage />);
    fireEvent.click(screen.getByLabelText('The sender’s domain'));
    click(en['questionnaire.next']);
    fireEvent.click(screen.getByLabelText('Urgency'));
    fireEvent.click(screen.getByLabelText('A password request'));
    click(en['questionnaire.submit']);
    expect(await screen.findByText(en['questionnaire.passed'])).toBeTruthy();
    expect(bodies[0]).toMatchObject({ details: { retake: true } });
    // Passed: no retake offered.
    expect(screen.queryByRole('button', { name: en['questionnaire.retake'] })).toBeNull();
  });

  it('offers no retake when the campaign does not allow one', async () => {
    stubEvents(result(50, false));
    renderWith(
      data({ questionnaires: { required: true, allow_retake: false, questions: QUESTIONS } }),
      <QuestionnairePage />,
    );
    fireEvent.click(screen.getByLabelText('The font'));
    click(en['questionnaire.next']);
    fireEvent.click(screen.getByLabelText('Urgency'));
    click(en['questionnaire.submit']);
    expect(await screen.findByText(en['questionnaire.failed'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: en['questionnaire.retake'] })).toBeNull();
  });
});

describe('journey step bar', () => {
  it('shows steps opened past, not done, as not done, with links back to them', () => {
    const { container } = renderWith(data(), <JourneyProgress current="questionnaire" />);
    expect(container.querySelectorAll('.is-done')).toHaveLength(0);
    expect(container.querySelectorAll('.is-missed')).toHaveLength(4);
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Awareness', '/phish/awareness?rid=r1'],
      ['Training material', '/phish/pdf?rid=r1'],
      ['Red flags', '/phish/sei?rid=r1'],
      ['Quiz intro', '/phish/entry_text?rid=r1'],
    ]);
  });

  it('shows recorded steps as done, and the quiz intro once its Start was pressed', () => {
    sessionStorage.setItem('hookwise:intro:r1', '1');
    const value = data({
      progress: {
        status: 'sei_viewed',
        completed_steps: ['awareness_viewed', 'pdf_viewed', 'sei_viewed'],
        score: null,
      },
    });
    const { container } = renderWith(value, <JourneyProgress current="questionnaire" />);
    expect(container.querySelectorAll('.is-done')).toHaveLength(4);
    expect(container.querySelector('.journey-progress__missed')).toBeNull();
  });
});

describe('points', () => {
  it('awards the questionnaire’s points only for a pass', () => {
    const points = { awareness: 10, questionnaire: 50 };
    const base = { gamification: { points, pass_mark: 70, badges: [] } };
    const at = (score: number) =>
      pointsOf(
        data({
          ...base,
          progress: {
            status: 'completed',
            completed_steps: ['awareness_viewed', 'questionnaire_completed', 'completed'],
            score,
          },
        }),
      );
    expect(at(67)).toEqual({ earned: 10, total: 60 });
    expect(at(70)).toEqual({ earned: 60, total: 60 });
  });
});

describe('awareness page', () => {
  it('says the built-in reassurance only when the campaign brings no content of its own', () => {
    stubEvents(result(0, false));
    renderWith(
      data({ awareness: { content: 'Nothing bad happened: this was a training exercise.' } }),
      <AwarenessPage />,
    );
    expect(screen.queryByText(en['awareness.lead'])).toBeNull();
    expect(screen.getByText('Nothing bad happened: this was a training exercise.')).toBeTruthy();
  });

  it('keeps it when there is no content', () => {
    stubEvents(result(0, false));
    renderWith(data({ awareness: { content: ' ' } }), <AwarenessPage />);
    expect(screen.getByText(en['awareness.lead'])).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
