/**
 * The people funnel (shared/funnel.ts): recipients → sent (when recorded) → clicked (people),
 * split by source (the link or the QR code), with who entered data → each learning step the
 * campaign has → completed; each stage a subset of the one before. Apart from it: the link opened at all
 * (scanners included), and what followed visits not counted as clicks. No e-mail opens: the note
 * under the heading says why.
 */
import { Fragment } from 'react';
import type { Dashboard } from '@shared/dashboard';
import { formatNumber } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { percent } from '../lib/csv';
import { HorizontalBars } from './bar-chart';

/** One stage's row: its name, its count and its share. */
function StageRow(props: { stage: string; label: string; count: number; rate: string; sub?: boolean }) {
  return (
    <tr data-stage={props.stage} className={props.sub ? 'results-subrow' : undefined}>
      <th scope="row">{props.label}</th>
      <td data-value={props.count}>{formatNumber(props.count)}</td>
      <td>{props.rate}</td>
    </tr>
  );
}

export function FunnelSection({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useResultsT();
  const bars = dashboard.funnel.map((s) => ({ key: s.stage, label: t(`stage.${s.stage}`), value: s.count }));
  const recipients = dashboard.funnel[0]?.count ?? 0;
  const share = (count: number) => percent(recipients === 0 ? 0 : count / recipients);
  // Beside clicked, each a part of it: by source, and who entered data (an outcome, not a gate).
  const bySource = [
    { key: 'clicked_via_link', label: t('stage.clickedViaLink'), count: dashboard.clicked_via.link },
    { key: 'clicked_via_qr', label: t('stage.clickedViaQr'), count: dashboard.clicked_via.qr },
    { key: 'submitted', label: t('stage.submitted'), count: dashboard.entered_data },
  ];
  const outside = dashboard.outside.filter((o) => o.not_counted + o.skipped_earlier > 0);
  return (
    <section className="panel results-section" aria-labelledby="results-funnel">
      <h2 id="results-funnel">{t('funnel.title')}</h2>
      <p className="muted">{t('funnel.explain')}</p>
      {/* Opens are left out on purpose: mail scanners and privacy proxies load a message's images. */}
      <p className="muted" data-note="opens">
        {t('funnel.opens')}
      </p>
      <div className="results-split">
        <HorizontalBars bars={bars} label={t('funnel.chart')} />
        <div className="table-wrap">
          <table className="table results-funnel-table" data-table="funnel">
            <caption>{t('funnel.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('funnel.stage')}</th>
                <th scope="col">{t('common.count')}</th>
                <th scope="col">{t('common.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.funnel.map((s) => (
                <Fragment key={s.stage}>
                  <StageRow
                    stage={s.stage}
                    label={t(`stage.${s.stage}`)}
                    count={s.count}
                    rate={percent(s.rate)}
                  />
                  {s.stage === 'clicked' &&
                    bySource.map((b) => (
                      <StageRow
                        key={b.key}
                        stage={b.key}
                        label={b.label}
                        count={b.count}
                        rate={share(b.count)}
                        sub
                      />
                    ))}
                </Fragment>
              ))}
            </tbody>
          </table>
          <table className="table results-funnel-table" data-table="funnel-apart">
            <caption>{t('funnel.apartCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('funnel.stage')}</th>
                <th scope="col">{t('common.count')}</th>
                <th scope="col">{t('common.rate')}</th>
              </tr>
            </thead>
            <tbody>
              <StageRow
                stage="link_opened"
                label={t('stage.visited')}
                count={dashboard.link_opened}
                rate={share(dashboard.link_opened)}
              />
              <StageRow
                stage="submit_attempted"
                label={t('stage.submit_attempted')}
                count={dashboard.submit_attempted}
                rate={share(dashboard.submit_attempted)}
              />
            </tbody>
          </table>
        </div>
      </div>
      {outside.length > 0 && (
        <div className="table-wrap" data-section="outside">
          <h3>{t('outside.title')}</h3>
          <p className="muted">{t('outside.explain')}</p>
          <table className="table results-funnel-table" data-table="outside">
            <caption>{t('outside.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('funnel.stage')}</th>
                <th scope="col">{t('outside.notCounted')}</th>
                <th scope="col">{t('outside.skipped')}</th>
              </tr>
            </thead>
            <tbody>
              {outside.map((o) => (
                <tr key={o.step} data-outside={o.step}>
                  <th scope="row">{t(`stage.${o.step}`)}</th>
                  <td data-value={o.not_counted}>{formatNumber(o.not_counted)}</td>
                  <td data-value={o.skipped_earlier}>{formatNumber(o.skipped_earlier)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
