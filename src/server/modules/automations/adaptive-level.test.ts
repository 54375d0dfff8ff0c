import { describe, expect, it } from 'vitest';
import { nextLevel, type Outcome } from './adaptive-level';

const sim = (day: number, what: Partial<Outcome> = {}): Outcome => ({
  sent_at: `2027-0${day}-10T09:00:00.000Z`,
  clicked: false,
  reported: false,
  ...what,
});

describe('the adaptive rule', () => {
  it("starts everyone at the automation's starting level, whatever they did before", () => {
    expect(nextLevel(null, 2, [sim(1, { clicked: true })])).toEqual({
      level: 2,
      reason: 'starting_level',
      needs_training: false,
    });
  });

  it('goes one level harder after the last two were reported, and not after one', () => {
    const both = [sim(2, { reported: true }), sim(3, { reported: true })];
    expect(nextLevel(3, 2, both)).toEqual({ level: 4, reason: 'reported_last_two', needs_training: false });
    expect(nextLevel(3, 2, [sim(2), sim(3, { reported: true })])).toMatchObject({ level: 3, reason: 'same' });
    // Only the latest two count, in sending order whatever the order given.
    expect(nextLevel(3, 2, [sim(3, { reported: true }), sim(1, { reported: true }), sim(2)])).toMatchObject({
      level: 3,
      reason: 'same',
    });
  });

  it('goes one level easier, with training, after a click on the last one (a click outweighs reports)', () => {
    const clicked = [sim(1, { reported: true }), sim(2, { reported: true, clicked: true })];
    expect(nextLevel(3, 2, clicked)).toEqual({ level: 2, reason: 'clicked_last', needs_training: true });
    // A click before the last one is history: the last one decides.
    expect(nextLevel(3, 2, [sim(1, { clicked: true }), sim(2)])).toMatchObject({ level: 3, reason: 'same' });
  });

  it('stays between 1 and 5', () => {
    expect(nextLevel(1, 2, [sim(1, { clicked: true })])).toMatchObject({ level: 1, reason: 'clicked_last' });
    const reported = [sim(1, { reported: true }), sim(2, { reported: true })];
    expect(nextLevel(5, 2, reported)).toMatchObject({ level: 5, reason: 'reported_last_two' });
    expect(nextLevel(null, 9, [])).toMatchObject({ level: 5 });
  });
});
