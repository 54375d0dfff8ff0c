/**
 * One set clause for a step reached on a recipient's row, shared by the journey (each step) and
 * the clicks module (the clicked step, in the same statement as the visit's verdict).
 */
import { sql } from 'kysely';
import type { EventType } from '@shared/events';

/**
 * The recipient columns of a step reached: its bit in `steps`, and the status moved forward to
 * it, never back (compared by rank in the same statement).
 */
export function stepReachedSet(type: EventType, rank: number, bit: number) {
  const forward = sql<boolean>`status_rank < ${rank}`;
  return {
    steps: sql<number>`steps | ${bit}`,
    status: sql<EventType>`case when ${forward} then ${type} else status end`,
    status_rank: sql<number>`case when ${forward} then ${rank} else status_rank end`,
  };
}
