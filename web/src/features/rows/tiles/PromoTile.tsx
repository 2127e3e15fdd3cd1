import { useTranslation } from 'react-i18next';
import type { Promo, RowTemplate } from '../types';
import { DestinationLink } from './DestinationLink';
import { promoColorback, promoIcon, promoImage, promoTitle, safeColor } from './promo';
import { TileImage } from './TileImage';
import styles from './Promo.module.css';

type PromoTemplate = Extract<RowTemplate, 'collection-v' | 'button' | 'branded_button' | 'promo-wide' | 'packet_promo' | 'packet_promo_base' | 'donate_packs'>;

/**
 * Banner tiles of the promotion templates (spec 2): collection-v (a collection poster),
 * button and branded_button (a labelled button), promo-wide (a wide banner), packet_promo
 * and packet_promo_base (a packet card), donate_packs (a small packet offer). Each leads to
 * its destination.
 */
export function PromoTile({ promo: p, template, eager }: { promo: Promo; template: PromoTemplate | RowTemplate; eager?: boolean }) {
  const { t } = useTranslation();
  const title = promoTitle(p);
  const bg = safeColor(p.cover?.color_bg);
  switch (template) {
    case 'button': {
      const icon = promoIcon(p);
      const focusedIcon = promoIcon(p, true);
      return (
        <DestinationLink destination={p.destination} className={styles.button}>
          {icon && <img src={icon} alt="" width={24} height={24} loading="lazy" decoding="async" className={focusedIcon && focusedIcon !== icon ? styles.iconIdle : undefined} />}
          {focusedIcon && focusedIcon !== icon && (
            <img src={focusedIcon} alt="" width={24} height={24} loading="lazy" decoding="async" className={styles.iconFocused} />
          )}
          <span>{title}</span>
        </DestinationLink>
      );
    }
    case 'branded_button': {
      const colorback = promoColorback(p);
      const back = colorback.image || promoImage(p);
      return (
        <DestinationLink destination={p.destination} className={styles.branded} style={{ background: colorback.color ?? bg }}>
          {back && <TileImage src={back} width={332} height={187} stubText={title} eager={eager} className={styles.brandedImg} />}
          <span className={styles.brandedTitle}>{title}</span>
        </DestinationLink>
      );
    }
    case 'promo-wide':
      return (
        <DestinationLink destination={p.destination} className={styles.wide} style={{ background: bg }}>
          <TileImage src={promoImage(p)} width={1080} height={360} stubText={title} eager={eager} className={styles.wideImg} />
          <span className={styles.wideText}>
            <span className={styles.wideTitle}>{title}</span>
            {(p.short || p.description) && <span className={styles.wideShort}>{p.short || p.description}</span>}
          </span>
        </DestinationLink>
      );
    case 'packet_promo':
    case 'packet_promo_base':
      return (
        <DestinationLink destination={p.destination} className={styles.packet} style={{ background: bg }}>
          <TileImage src={promoImage(p)} width={312} height={176} stubText={title} eager={eager} className={styles.packetImg} />
          <span className={styles.packetBody}>
            {template === 'packet_promo_base' && <span className={styles.packetBadge}>{t('rows.basePacket')}</span>}
            <span className={styles.packetTitle}>{title}</span>
            {(p.short || p.description) && <span className={styles.packetText}>{p.short || p.description}</span>}
            <span className={styles.packetAction} aria-hidden="true">
              {t('rows.packetAction')}
            </span>
          </span>
        </DestinationLink>
      );
    case 'donate_packs':
      return (
        <DestinationLink destination={p.destination} className={styles.donate} style={{ background: bg }}>
          <span className={styles.donateTitle}>{title}</span>
          {(p.short || p.description) && <span className={styles.donateText}>{p.short || p.description}</span>}
          <span className={styles.donateAction} aria-hidden="true">
            {t('rows.donateAction')}
          </span>
        </DestinationLink>
      );
    default:
      // collection-v: a collection poster with its name.
      return (
        <DestinationLink destination={p.destination} className={styles.collection}>
          <span className={styles.collectionMedia} style={{ background: bg }}>
            <TileImage src={promoImage(p)} width={282} height={423} stubText={title} eager={eager} />
          </span>
          <span className={styles.collectionTitle}>{title}</span>
        </DestinationLink>
      );
  }
}
