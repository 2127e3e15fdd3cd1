import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { Permission } from '../api/types';
import { useCan } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { InlineConfirm, StatusNote, useFocusLater } from '../ui/Confirm';
import { errorText } from '../ui/errorText';
import { formatMoney, formatUnixDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { campaignsQuery, disableCampaign, keysCsvUrl, promoKeys, type PromoCampaign } from './api';
import { CampaignForm } from './CampaignForm';
import own from './promo.module.css';
import { RedemptionReport } from './RedemptionReport';

/**
 * Promo campaigns: the list with what each key gives, how many keys are used, validity and
 * state; with promo.write a new campaign (its keys generated at once), the keys as CSV and
 * disabling. Below, the redemption report.
 */
export default function PromoPage() {
  const { t } = useTranslation('operator-engage');
  const { t: tc, i18n } = useTranslation('operator');
  const writable = useCan(Permission.promoWrite);
  const client = useQueryClient();
  const campaigns = useQuery(campaignsQuery());
  const [creating, setCreating] = useState(false);
  const [asking, setAsking] = useState<number | null>(null);
  const [done, setDone] = useState('');
  const focusLater = useFocusLater();
  useTitle(t('promo.title'));
  const lng = i18n.language;
  const none = tc('common.none');

  const disable = useMutation({
    mutationFn: (c: PromoCampaign) => disableCampaign(c.id),
    onSuccess: (c) => {
      setAsking(null);
      setDone(t('promo.disabledDone', { name: c.name }));
      void client.invalidateQueries({ queryKey: promoKeys.all });
    },
  });

  const gives = (c: PromoCampaign) =>
    c.kind === 'balance' ? t('promo.givesBalance', { amount: formatMoney(c.amount, c.currency || 'RUB', lng) }) : t('promo.givesDays', { count: c.days });
  const validity = (c: PromoCampaign) => {
    const from = formatUnixDateTime(c.starts_at, lng);
    const to = formatUnixDateTime(c.expires_at, lng);
    if (!from && !to) return t('promo.always');
    return `${from ?? '…'} – ${to ?? '…'}`;
  };
  const state = (c: PromoCampaign) => {
    const now = Date.now() / 1000;
    if (c.disabled) return { text: t('promo.stateDisabled'), tone: 'bad' };
    if (c.expires_at && c.expires_at <= now) return { text: t('promo.stateExpired'), tone: 'bad' };
    if (c.starts_at && c.starts_at > now) return { text: t('promo.stateUpcoming'), tone: 'warn' };
    return { text: t('promo.stateActive'), tone: 'good' };
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('promo.title')}</h1>
        {writable && !creating && (
          <Button
            id="promo-new"
            size="small"
            onClick={() => {
              setDone('');
              setCreating(true);
            }}
          >
            {t('promo.new')}
          </Button>
        )}
      </div>
      <StatusNote text={done} />
      {creating && (
        <CampaignForm
          onDone={(c) => {
            setCreating(false);
            setDone(t('promo.created', { name: c.name, count: c.keys }));
            focusLater(() => document.getElementById('promo-new'));
          }}
          onCancel={() => {
            setCreating(false);
            focusLater(() => document.getElementById('promo-new'));
          }}
        />
      )}

      <section className={styles.section} aria-labelledby="promo-campaigns">
        <h2 id="promo-campaigns">{t('promo.campaigns')}</h2>
        {!campaigns.data ? (
          <QueryState error={campaigns.error} onRetry={() => void campaigns.refetch()} />
        ) : campaigns.data.length === 0 ? (
          <p className={styles.muted}>{t('promo.none')}</p>
        ) : (
          <TableFrame label={t('promo.caption')}>
            <table className={styles.table}>
              <caption>{t('promo.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('promo.name')}</th>
                  <th scope="col">{t('promo.gives')}</th>
                  <th scope="col">{t('promo.keys')}</th>
                  <th scope="col">{t('promo.limits')}</th>
                  <th scope="col">{t('promo.validity')}</th>
                  <th scope="col">{t('promo.state')}</th>
                  {writable && (
                    <th scope="col">
                      <span className="visually-hidden">{t('promo.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {campaigns.data.map((c) => {
                  const s = state(c);
                  return (
                    <tr key={c.id}>
                      <th scope="row" id={`campaign-${c.id}`}>
                        {c.name}
                        {c.description && <div className={`${styles.muted} ${styles.small}`}>{c.description}</div>}
                      </th>
                      <td>{gives(c)}</td>
                      <td className={styles.num}>{t('promo.usedOf', { used: c.used_keys, keys: c.keys })}</td>
                      <td className={styles.small}>
                        {t('promo.limitsText', {
                          perKey: c.uses_per_key,
                          perUser: c.per_user_limit || '∞',
                          total: c.total_limit || '∞',
                        })}
                      </td>
                      <td className={styles.small}>{validity(c) ?? none}</td>
                      <td>
                        <span className={styles.pill} data-tone={s.tone}>
                          {s.text}
                        </span>
                      </td>
                      {writable && (
                        <td>
                          {asking === c.id ? (
                            <InlineConfirm
                              label={t('promo.disableOf', { name: c.name })}
                              question={t('promo.confirmDisable', { name: c.name })}
                              action={t('promo.disable')}
                              busy={disable.isPending}
                              error={disable.error ? errorText(tc, disable.error) : null}
                              onConfirm={() => disable.mutate(c)}
                              onCancel={() => setAsking(null)}
                            />
                          ) : (
                            <span className={own.rowActions}>
                              <a href={keysCsvUrl(c.id)} download aria-describedby={`campaign-${c.id}`}>
                                {t('promo.export')}
                              </a>
                              {!c.disabled && (
                                <Button
                                  size="small"
                                  variant="secondary"
                                  aria-describedby={`campaign-${c.id}`}
                                  onClick={() => {
                                    disable.reset();
                                    setDone('');
                                    setAsking(c.id);
                                  }}
                                >
                                  {t('promo.disable')}
                                </Button>
                              )}
                            </span>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>

      <RedemptionReport campaigns={campaigns.data ?? []} />
    </div>
  );
}
