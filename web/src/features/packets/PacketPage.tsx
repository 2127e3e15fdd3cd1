import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import {
  PeriodOptions,
  hasTrial,
  packetQuery,
  periodsQuery,
  useMoney,
  usePeriodText,
  usePurchase,
  type Packet,
} from '@/features/payments';
import { isApiError } from '@/shared/api';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Button, Spinner } from '@/shared/ui';
import { HeldBadge } from './PacketCard';
import { PacketChannels } from './PacketChannels';
import { PacketState } from './PacketState';
import { designStyle, safeImage } from './rules/design';
import { heldState, packetKind, packetPath, priceLine, trialOf } from './rules/packets';
import { LoadError, PacketNotFound, useCanBuy } from './States';
import styles from './Packets.module.css';

/** Another operator's packet answers 404 with detail.provider: its landing is where it is sold. */
const otherProvider = (e: unknown): string | null => (isApiError(e) && e.status === 404 && e.detail.provider ? e.detail.provider : null);

/**
 * /packets/{id} ({id}, {short}_{id} or {provider}_{bundle}_{packet}): the packet's page.
 * ?action=buy starts the purchase at once (after sign-in when needed); a missing packet
 * shows the not-found page, another operator's goes to that operator's landing.
 */
export function PacketPage() {
  const { id = '' } = useParams();
  const { token } = useSession();
  const packet = useQuery({ ...packetQuery(id, token), enabled: id !== '' && token !== null });
  const { t } = useTranslation();

  if (packet.isPending) return <Spinner label={t('app.loading')} />;
  if (packet.isError) {
    const provider = otherProvider(packet.error);
    if (provider) return <Navigate to={`/provider/${encodeURIComponent(provider)}`} replace />;
    if (isApiError(packet.error) && packet.error.status === 404) return <PacketNotFound />;
    return <LoadError error={packet.error} onRetry={() => void packet.refetch()} />;
  }
  return <PacketView packet={packet.data} />;
}

/** ?action=buy: taken out of the address first, then the purchase starts once the packet is known. */
function useBuyOnArrival(packet: Packet, buy: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const [requested, setRequested] = useState(false);
  const params = new URLSearchParams(location.search);
  const asked = params.get('action') === 'buy';

  useEffect(() => {
    if (!asked) return;
    params.delete('action');
    const search = params.toString();
    setRequested(true);
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
    // Once per arrival with the flag (the address loses it here).
  }, [asked]);

  useEffect(() => {
    if (!requested || asked) return;
    setRequested(false);
    buy();
  }, [requested, asked, buy, packet.id]);
}

function PacketView({ packet: p }: { packet: Packet }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const period = usePeriodText();
  const modalState = useModalPageState();
  const canBuy = useCanBuy();
  const { buyPacket, pending } = usePurchase();
  const held = heldState(p) !== 'none';
  const periods = useQuery({ ...periodsQuery(p.id, token), enabled: token !== null });
  const [chosen, setChosen] = useState<number | null>(null);
  const options = periods.data ?? [];
  const selected = options.find((o) => o.id === chosen) ?? options.find((o) => o.is_current) ?? options.find(hasTrial) ?? options[0];
  const trial = trialOf(p);
  const price = priceLine(p);
  const kind = packetKind(p);
  const logo = safeImage(p.design.logo);

  useDocumentMeta({ title: p.name, description: p.description || null, canonical: packetPath(p.id) });
  const buy = () => void buyPacket(p.id, { name: p.name, periodId: selected?.id, trial: selected ? hasTrial(selected) : undefined });
  useBuyOnArrival(p, buy);

  return (
    <article className={styles.page} style={designStyle(p.design) as CSSProperties} aria-labelledby="packet-title" data-packet-id={p.id}>
      <div className={styles.hero}>
        <div className={styles.heroMain}>
          {logo && <img className={styles.heroLogo} src={logo} alt="" />}
          <div className={styles.badges}>
            <span className={styles.badge}>{t(`packets.kind.${kind}`)}</span>
            {trial && !held && <span className={`${styles.badge} ${styles.badgeTrial}`}>{t('packets.trialBadge')}</span>}
            <HeldBadge packet={p} />
          </div>
          <h1 id="packet-title" className={styles.heading}>
            {p.name}
          </h1>
          {p.parent_name && <p className={styles.muted}>{t('packets.partOf', { name: p.parent_name })}</p>}
          {p.description && <p className={styles.description}>{p.description}</p>}
        </div>

        <aside className={styles.buyBox} aria-label={t('packets.priceTitle')}>
          {p.is_free || price.amount === 0 ? (
            <p className={styles.price}>{t('packets.free')}</p>
          ) : periods.isPending ? (
            <Spinner label={t('app.loading')} />
          ) : options.length > 0 && !held ? (
            <PeriodOptions options={options} value={selected?.id ?? null} onChange={setChosen} legend={t('packets.priceTitle')} />
          ) : (
            <p className={styles.price}>{t('payments.periodPrice', { price: money(price.amount, price.currency), period: period(price.period) })}</p>
          )}
          {held ? (
            <PacketState packet={p} subscription={p.subscription} onBuy={buy} canBuy={canBuy} />
          ) : (
            canBuy &&
            !p.is_free && (
              <Button
                onClick={buy}
                disabled={pending}
                aria-busy={pending || undefined}
                data-packet-button="buy"
                data-analytics={selected && hasTrial(selected) ? 'trial_purchase_button_click' : 'subscribe'}
                data-analytics-id={p.id}
              >
                {selected && hasTrial(selected) ? t('packets.try') : t('packets.subscribe')}
              </Button>
            )
          )}
        </aside>
      </div>

      {p.bundle && (
        <section className={styles.section} aria-labelledby="packet-bundle-title">
          <h2 id="packet-bundle-title">{p.bundle.custom_name || t('packets.bundleTitle')}</h2>
          {p.bundle.custom_description && <p className={styles.description}>{p.bundle.custom_description}</p>}
          {p.bundle.custom_price > 0 && <p className={styles.muted}>{t('packets.bundlePrice', { price: money(p.bundle.custom_price, p.currency) })}</p>}
          {p.bundle.internet_speed > 0 && <p className={styles.muted}>{t('packets.internetSpeed', { speed: p.bundle.internet_speed })}</p>}
        </section>
      )}
      {p.packets.length > 0 && (
        <section className={styles.section} aria-labelledby="packet-included-title">
          <h2 id="packet-included-title">{t('packets.bundleIncludes')}</h2>
          <ul className={styles.plainList}>
            {p.packets.map((b) => (
              <li key={b.id}>
                <Link to={packetPath(b.id)}>{b.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <PacketChannels packet={p} />

      {p.benefits.length > 0 && (
        <section className={styles.section} aria-labelledby="packet-benefits-title">
          <h2 id="packet-benefits-title">{t('packets.benefits')}</h2>
          <ul className={styles.benefits}>
            {p.benefits.map((b, i) => (
              <li key={i}>
                {safeImage(b.icon) && <img src={safeImage(b.icon)!} alt="" loading="lazy" />}
                <span>{b.text}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.libraries.length > 0 && (
        <section className={styles.section} aria-labelledby="packet-libraries-title">
          <h2 id="packet-libraries-title">{t('packets.libraries')}</h2>
          <ul className={styles.plainList}>
            {p.libraries.map((l) => (
              <li key={l.id}>
                <span>{l.name}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.videos.length > 0 && (
        <section className={styles.section} aria-labelledby="packet-videos-title">
          <h2 id="packet-videos-title">{t('packets.videos')}</h2>
          <ul className={styles.plainList}>
            {p.videos.map((v) => (
              <li key={v.id}>
                <Link to={`/contents/${v.slug || v.id}`} state={modalState}>
                  {v.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
