/**
 * The phishing page (a preview of the draft) as a surface to place a red flag on: a click puts
 * a region there, drawn as an outline. A button lies over the inert page so the click is ours;
 * from the keyboard it places the region in the middle, and the number fields fine-tune it.
 */
import { useId, type MouseEvent } from 'react';
import { useEditorT } from '@console/hooks/use-editor-t';
import type { SeiIndicator } from '@shared/campaign';
import { usePreview } from '@console/features/preview/hooks/use-preview';
import { useEditor } from '../../hooks/editor-context';
import { placeRegion, regionAt } from './placement';
import './placer.css';

type Target = SeiIndicator['target'];

/** The click point in percent of the box, from its inline-start edge as the regions are drawn. */
function pointOf(event: MouseEvent<HTMLElement>): [number, number] {
  const box = event.currentTarget.getBoundingClientRect();
  // detail 0: activated from the keyboard, there is no pointer position.
  if (event.detail === 0 || box.width === 0 || box.height === 0) return [50, 50];
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const fromStart = rtl ? box.right - event.clientX : event.clientX - box.left;
  return [(fromStart / box.width) * 100, ((event.clientY - box.top) / box.height) * 100];
}

export function PagePlacer({ target, onPlace }: { target: Target; onPlace: (target: Target) => void }) {
  const { t } = useEditorT();
  const id = useId();
  const { campaignId, draft } = useEditor();
  const { preview, error } = usePreview({
    source: { campaignId },
    content: draft,
    language: draft.language_code,
  });
  const region = target.region;

  return (
    <div className="placer" role="group" aria-labelledby={`${id}-name`} aria-describedby={`${id}-help`}>
      <p id={`${id}-name`} className="placer__name">
        {t('placer.pageName')}
      </p>
      <p id={`${id}-help`} className="placer__help">
        {t('placer.pageHelp')}
      </p>
      {error && <p className="placer__note">{t('preview.failed', { message: error })}</p>}
      <div className="placer__page">
        <iframe
          className="placer__frame"
          title={t('placer.pageFrame')}
          src={preview?.pages.phish ?? 'about:blank'}
          tabIndex={-1}
        />
        <button
          type="button"
          className="placer__surface"
          aria-label={t('placer.pageSurface')}
          aria-describedby={`${id}-help`}
          onClick={(event) => {
            const [x, y] = pointOf(event);
            onPlace(placeRegion(target, regionAt(x, y, region)));
          }}
        />
        {region && (
          <span
            className="placer__region"
            aria-hidden="true"
            // Positions come from the draft; set through the CSSOM, which the CSP allows.
            style={{
              insetInlineStart: `${region.x}%`,
              insetBlockStart: `${region.y}%`,
              inlineSize: `${region.width}%`,
              blockSize: `${region.height}%`,
            }}
          />
        )}
      </div>
      {region && (
        <p className="placer__match" role="status">
          {t('placer.region', { x: region.x, y: region.y, width: region.width, height: region.height })}
        </p>
      )}
    </div>
  );
}
