/**
 * The page's one decision queue, kept in localStorage. On page load and when the browser comes
 * back online it sends everything still waiting, without waiting for the backoff.
 */
import { useEffect } from 'react';
import { createDecisionQueue, type DecisionQueue } from '../lib/decision-queue';
import { submitDecision } from '../api/submit-decision';

let shared: DecisionQueue | undefined;

function decisionQueue(): DecisionQueue {
  // Touching window.localStorage itself can throw (storage disabled): only inside the calls,
  // where the queue catches it and falls back to memory.
  shared ??= createDecisionQueue({
    storage: {
      getItem: (key) => window.localStorage.getItem(key),
      setItem: (key, value) => window.localStorage.setItem(key, value),
    },
    send: submitDecision,
  });
  return shared;
}

export function useDecisionQueue(): DecisionQueue {
  const queue = decisionQueue();
  useEffect(() => {
    const flushAll = () => void queue.flush(true);
    flushAll();
    window.addEventListener('online', flushAll);
    return () => window.removeEventListener('online', flushAll);
  }, [queue]);
  return queue;
}
