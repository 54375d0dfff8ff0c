/** Where a click on the placer puts a red flag: pure, so it is tested without a layout engine. */
import type { SeiIndicator } from '@shared/campaign';

type Target = SeiIndicator['target'];
export type Region = NonNullable<Target['region']>;

/** A new region is a fifth of the box each way, centred where the operator clicked. */
export const DEFAULT_REGION: Region = { x: 40, y: 40, width: 20, height: 20 };

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The region centred on a point given in percent of the box (from its inline-start and top),
 * keeping the previous region's size and staying inside the box.
 */
export function regionAt(xPercent: number, yPercent: number, previous?: Region): Region {
  const width = previous?.width ?? DEFAULT_REGION.width;
  const height = previous?.height ?? DEFAULT_REGION.height;
  return {
    x: round(clamp(xPercent - width / 2, 100 - width)),
    y: round(clamp(yPercent - height / 2, 100 - height)),
    width,
    height,
  };
}

export function placeOnElement(target: Target, element: 'from' | 'subject' | 'body', match?: string): Target {
  return {
    ...target,
    on: 'email',
    element,
    match: element === 'body' ? match : undefined,
    region: undefined,
  };
}

export function placeRegion(target: Target, region: Region): Target {
  return { ...target, element: undefined, match: undefined, region };
}
