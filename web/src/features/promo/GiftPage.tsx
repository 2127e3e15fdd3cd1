import { useTranslation } from 'react-i18next';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { PromoFlowView } from './PromoFlowView';
import { usePromoFlow } from './usePromoFlow';
import styles from './Promo.module.css';

/** /gift: a gift certificate's code activated through the promo-code flow (no footer here). */
export function GiftPage() {
  const { t } = useTranslation();
  const flow = usePromoFlow({});
  useDocumentMeta({ title: t('promo.giftTitle') });
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{t('promo.giftTitle')}</h1>
      <p className={styles.muted}>{t('promo.giftText')}</p>
      <section className={styles.card} aria-label={t('promo.giftTitle')}>
        <PromoFlowView flow={flow} fieldLabel={t('promo.giftCodeLabel')} />
      </section>
    </div>
  );
}
