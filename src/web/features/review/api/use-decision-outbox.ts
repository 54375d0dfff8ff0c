/**
 * The page's one decision outbox, kept in localStorage. On page load and when the browser comes
 * back online it sends everything still waiting, without waiting for the backoff.
 */
import { useEffect } from 'react';
import { createOutbox, type Outbox } from '../lib/outbox';
import { submitDecision } from './submit-decision';

let shared: Outbox | undefined;

function decisionOutbox(): Outbox {
  // Touching window.localStorage itself can throw (storage disabled): only inside the calls,
  // where the outbox catches it and falls back to memory.
  shared ??= createOutbox({
    storage: {
      getItem: (key) => window.localStorage.getItem(key),
      setItem: (key, value) => window.localStorage.setItem(key, value),
    },
    send: submitDecision,
  });
  return shared;
}

export function useDecisionOutbox(): Outbox {
  const outbox = decisionOutbox();
  useEffect(() => {
    const flushAll = () => void outbox.flush(true);
    flushAll();
    window.addEventListener('online', flushAll);
    return () => window.removeEventListener('online', flushAll);
  }, [outbox]);
  return outbox;
}
