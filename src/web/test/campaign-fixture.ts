/** Campaign data as GET /api/campaign/:rid answers it, for web tests. */
import type { CampaignData } from '@shared/campaign';

export function campaignData(rid: string, changes: Partial<CampaignData> = {}): CampaignData {
  return {
    rid,
    campaign_id: 'c1',
    person_id: 'p1',
    tenantid: 't1',
    language_code: 'en',
    awareness: { content: 'This was a test.' },
    typeHtml: false,
    entry_text: '',
    gamification: { points: {}, pass_mark: 70, badges: [] },
    navigation: ['awareness'],
    questionnaires: { required: false, allow_retake: true, questions: [] },
    cdn_endpoint: '',
    sei: [],
    sei_general_info: '',
    default_endpoint: '',
    phishing_logo: '',
    custom_logo: '',
    default_url: 'https://www.wikipedia.org/',
    first_name: '',
    phishing: { has_template: false, template_url: '', brand: '' },
    email: null,
    pdf: null,
    progress: { status: 'clicked', completed_steps: ['visited', 'clicked'], score: null },
    ...changes,
  };
}

/** A fetch stub that answers each call with the next status and body, the last one repeated. */
export function answers(...replies: [status: number, body: unknown][]) {
  let call = 0;
  return (): Promise<Response> => {
    const [status, body] = replies[Math.min(call, replies.length - 1)] ?? [500, null];
    call += 1;
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  };
}
