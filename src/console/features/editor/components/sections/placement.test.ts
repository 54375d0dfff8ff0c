/** Where a click on the placer puts a red flag. */
import { describe, expect, it } from 'vitest';
import { placeOnElement, placeRegion, regionAt } from './placement';

describe('regionAt', () => {
  it('centres a 20 × 20 region on the click, inside the box', () => {
    expect(regionAt(50, 50)).toEqual({ x: 40, y: 40, width: 20, height: 20 });
    expect(regionAt(98, 2)).toEqual({ x: 80, y: 0, width: 20, height: 20 });
  });

  it('keeps the size the operator gave', () => {
    expect(regionAt(50, 50, { x: 0, y: 0, width: 40, height: 10 })).toEqual({
      x: 30,
      y: 45,
      width: 40,
      height: 10,
    });
  });
});

describe('placing on the email', () => {
  it('an element replaces a region; a match stays only with the body', () => {
    const regional = placeRegion({ on: 'email' }, regionAt(10, 10));
    expect(placeOnElement(regional, 'body', 'Click here')).toEqual({
      on: 'email',
      element: 'body',
      match: 'Click here',
    });
    expect(placeOnElement({ on: 'email', element: 'body', match: 'x' }, 'from')).toEqual({
      on: 'email',
      element: 'from',
    });
  });
});
