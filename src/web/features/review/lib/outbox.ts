/**
 * Temporary: the decision queue's former names, for the two files under ../api/ that still
 * import them (owned by the API-client work). Delete this file once they import decision-queue.
 */
export {
  createDecisionQueue as createOutbox,
  type DecisionQueue as Outbox,
  type QueuedDecision as OutboxItem,
} from './decision-queue';
