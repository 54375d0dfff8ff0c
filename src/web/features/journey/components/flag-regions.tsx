/**
 * Red flags that point at a region (percent of the email's or page's box): an outline over the
 * region and its number just outside it, above, so the number never covers what it marks.
 */
import { useT } from '@web/hooks/use-t';
import type { SeiIndicator } from '@shared/campaign';
import { formatNumber } from '../lib/format';

export interface Marker {
  indicator: SeiIndicator;
  number: number;
}

type Region = NonNullable<SeiIndicator['target']['region']>;

/** A flag with no region marks the whole box. */
const WHOLE: Region = { x: 0, y: 0, width: 100, height: 100 };

export function FlagRegions({ markers }: { markers: Marker[] }) {
  const { i18n } = useT();
  return markers.map(({ indicator, number }) => {
    const region = indicator.target.region ?? WHOLE;
    return (
      <span
        key={indicator.id}
        className="flag-region"
        // Positions come from the campaign; set through the CSSOM, which the CSP allows.
        style={{
          insetInlineStart: `${region.x}%`,
          insetBlockStart: `${region.y}%`,
          inlineSize: `${region.width}%`,
          blockSize: `${region.height}%`,
        }}
        aria-hidden="true"
      >
        <span className="flag-badge flag-region__badge" data-number={formatNumber(number, i18n.language)} />
      </span>
    );
  });
}
