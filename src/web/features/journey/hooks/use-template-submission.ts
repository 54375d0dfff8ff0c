/**
 * Arriving from the operator's template with `submitted=` (the field names its form had filled
 * in): records the `submitted` event. The parameter is taken off the address first, so a reload
 * or the back button never records it twice; a failure that may pass is tried again.
 */
import { useEffect } from 'react';
import type { EventBody } from '@shared/journey';
import { ApiError } from '@shared/api-client';
import { postEvent } from '../api/events';
import { takeSubmission } from '../lib/template-messages';

const RETRY_DELAYS_MS = [500, 2000];

export function useTemplateSubmission(): void {
  useEffect(() => {
    const submission = takeSubmission(window.location, window.history);
    if (!submission) return;
    const { rid, fields } = submission;
    const body: EventBody = { rid, type: 'submitted', details: { fields } };
    const attempt = (n: number) => {
      postEvent(body).catch((error: unknown) => {
        const delay = RETRY_DELAYS_MS[n];
        if (error instanceof ApiError && error.transient && delay !== undefined) {
          window.setTimeout(() => attempt(n + 1), delay);
        }
      });
    };
    attempt(0);
  }, []);
}
