import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/money';
import { promoGift } from './rules/promoFlow';
import type { PromoData } from './types';
import styles from './Promo.module.css';

/** What a key gives: "30 days of Base, Cinema", "500,00 ₽ on the balance". */
export function PromoGiftList({ promo }: { promo: PromoData }) {
  const { t, i18n } = useTranslation();
  const lines = promoGift(promo);
  if (lines.length === 0) return null;
  return (
    <ul className={styles.gift}>
      {lines.map((line, i) =>
        line.kind === 'days' ? (
          <li key={i}>
            {line.packets.length > 0
              ? t('promo.giftDays', { days: t('plural.days', { count: line.days }), packets: line.packets.join(', ') })
              : t('promo.giftDaysAll', { days: t('plural.days', { count: line.days }) })}
          </li>
        ) : (
          <li key={i}>{t('promo.giftAmount', { amount: formatMoney(line.amount, line.currency, i18n.language) })}</li>
        ),
      )}
    </ul>
  );
}
