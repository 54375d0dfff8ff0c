import { describe, expect, it } from 'vitest';
import { choose, decisionOf, markSubmitted, rowsFromUrls, type PollRow } from './poll-row';

const initial: PollRow = {
  url: 'https://a.example/',
  exitsInDb: false,
  fp: false,
  tp: false,
  submitted: false,
};

describe('poll row state', () => {
  it('starts every row unchosen and unsubmitted, keeping the token order and known flag', () => {
    expect(rowsFromUrls({ 'https://a.example/': false, 'https://b.example/': true })).toEqual([
      initial,
      { url: 'https://b.example/', exitsInDb: true, fp: false, tp: false, submitted: false },
    ]);
    expect(rowsFromUrls({})).toEqual([]);
  });

  it('choosing TP sets tp and clears fp; choosing FP sets fp and clears tp', () => {
    expect(choose(initial, 'tp')).toMatchObject({ tp: true, fp: false });
    expect(choose(initial, 'fp')).toMatchObject({ tp: false, fp: true });
    expect(choose(choose(initial, 'fp'), 'tp')).toMatchObject({ tp: true, fp: false });
    expect(choose(choose(initial, 'tp'), 'fp')).toMatchObject({ tp: false, fp: true });
  });

  it('choosing the already-selected option flips to the other one', () => {
    expect(choose(choose(initial, 'tp'), 'tp')).toMatchObject({ tp: false, fp: true });
    expect(choose(choose(initial, 'fp'), 'fp')).toMatchObject({ tp: true, fp: false });
    expect(choose(choose(choose(initial, 'tp'), 'tp'), 'fp')).toMatchObject({ tp: true, fp: false });
  });

  it('choosing never touches url, exitsInDb or submitted, and never mutates the row', () => {
    const row = { ...initial, exitsInDb: true, submitted: true };
    const copy = { ...row };
    expect(choose(row, 'tp')).toMatchObject({ url: row.url, exitsInDb: true, submitted: true });
    expect(row).toEqual(copy);
  });

  it('submit marks the row submitted and keeps the choice; resubmitting keeps it submitted', () => {
    const chosen = choose(initial, 'fp');
    const once = markSubmitted(chosen);
    expect(once).toEqual({ ...chosen, submitted: true });
    expect(markSubmitted(once)).toEqual(once);
    expect(chosen.submitted).toBe(false);
  });

  it('turns the row into the decision sent: TP, FP, or empty when nothing is chosen', () => {
    expect(decisionOf(initial)).toBe('');
    expect(decisionOf(choose(initial, 'tp'))).toBe('TP');
    expect(decisionOf(choose(initial, 'fp'))).toBe('FP');
  });
});
