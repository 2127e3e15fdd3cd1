import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { Spinner } from '@/shared/ui';
import { promoInfoQuery } from './api';
import { PromoFlowView } from './PromoFlowView';
import { PromoGiftList } from './PromoGiftList';
import { RegisterPrompt } from './RegisterPrompt';
import { usePromoFlow } from './usePromoFlow';
import styles from './Promo.module.css';

/**
 * /promo and /promo/{id}: the promo-code flow on a page. A key in the path is filled in and
 * what it gives is shown from its public description; guests may be invited to register.
 */
export function PromoPage() {
  const { id = '' } = useParams();
  // A new key in the path is a new flow.
  return <PromoPageBody key={id} presetKey={id} />;
}

function PromoPageBody({ presetKey }: { presetKey: string }) {
  const { t } = useTranslation();
  const flow = usePromoFlow({ presetKey });
  useDocumentMeta({ title: t('promo.pageTitle'), noindex: presetKey !== '' });
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{t('promo.pageTitle')}</h1>
      <p className={styles.muted}>{t('promo.pageText')}</p>
      {presetKey !== '' && <PromoInfo promoKey={presetKey} />}
      <RegisterPrompt />
      <section className={styles.card} aria-label={t('promo.title')}>
        <PromoFlowView flow={flow} />
      </section>
    </div>
  );
}

/** The public description of the key in the path; an unknown key says so and the form stays. */
function PromoInfo({ promoKey }: { promoKey: string }) {
  const { t } = useTranslation();
  const { data, error, isPending } = useQuery(promoInfoQuery(promoKey));
  if (isPending) return <Spinner label={t('app.loading')} />;
  if (error) return <p className={styles.muted}>{(isApiError(error) && error.message) || t('promo.invalid')}</p>;
  return (
    <section className={styles.info} aria-label={t('promo.infoLabel', { key: promoKey })}>
      {data.description && <p>{data.description}</p>}
      <PromoGiftList promo={data} />
    </section>
  );
}
