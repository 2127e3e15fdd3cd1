import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { packetsQuery, usePurchase, type Packet } from '@/features/payments';
import { isApiError, useNetwork, type ProviderInfo } from '@/shared/api';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Button, ButtonAnchor, Spinner, telHref } from '@/shared/ui';
import { providerInfoQuery } from './api';
import { PacketGroup } from './PacketCard';
import { safeImage } from './rules/design';
import { groupPackets, trialOf } from './rules/packets';
import { LoadError, PacketNotFound, useCanBuy } from './States';
import styles from './Packets.module.css';

/** Moves to a section of the page without touching the address (its hash names modals). */
function scrollTo(e: MouseEvent<HTMLAnchorElement>, id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  e.preventDefault();
  el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  el.querySelector<HTMLElement>('h2')?.setAttribute('tabindex', '-1');
  el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/**
 * /provider/{id or shortname}: an operator's landing (spec 2 "Provider landing"): logo,
 * trial button, install instructions (#install), anchors to the tariffs and bundles,
 * support phone and e-mail, the registration button with its caption. The packets are the
 * viewer's operator's, so they show when the landing is that operator's.
 */
export function ProviderLandingPage() {
  const { shortname = '' } = useParams();
  const { t } = useTranslation();
  const info = useQuery({ ...providerInfoQuery(shortname), enabled: shortname !== '' });
  if (info.isPending) return <Spinner label={t('app.loading')} />;
  if (info.isError) {
    if (isApiError(info.error) && info.error.status === 404) return <PacketNotFound kind="generic" />;
    return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  }
  return <Landing provider={info.data} />;
}

function Landing({ provider }: { provider: ProviderInfo }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const network = useNetwork().data;
  const own = !!network?.provider && (network.provider.id === provider.id || network.provider.landing.shortname === provider.landing.shortname);
  const packets = useQuery({ ...packetsQuery(token), enabled: own && token !== null });
  const { buyPacket } = usePurchase();
  const canBuy = useCanBuy();
  const { open } = useModalNavigation();
  useDocumentMeta({ title: provider.name, canonical: `/provider/${provider.landing.shortname}` });

  const groups = groupPackets(packets.data ?? []);
  const trialPacket = (packets.data ?? []).find((p) => trialOf(p) && !p.subscription && !p.is_purchased);
  const buy = (p: Packet) => void buyPacket(p.id, { name: p.name });
  const logo = safeImage(provider.landing.logo);
  const { phone, email } = provider.support;
  const bundles = groups.bundle.length > 0;

  return (
    <section className={styles.page} aria-labelledby="provider-title" data-provider={provider.landing.shortname}>
      <div className={styles.landingHero}>
        {logo && <img className={styles.landingLogo} src={logo} alt={t('packets.providerLogo', { name: provider.name })} />}
        <h1 id="provider-title" className={styles.heading}>
          {provider.name}
        </h1>
      </div>

      <div className={styles.landingActions}>
        {trialPacket && canBuy && (
          <Button onClick={() => buy(trialPacket)} data-landing="trial">
            {t('packets.tryFree')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => open('install')} data-landing="install">
          {t('packets.install')}
        </Button>
      </div>

      {own && (
        <nav aria-label={t('packets.landingSections')}>
          <ul className={styles.anchors}>
            <li>
              <a href="#tariffs" onClick={(e) => scrollTo(e, 'tariffs')}>
                {t('packets.tariffs')}
              </a>
            </li>
            {bundles && (
              <li>
                <a href="#bundles" onClick={(e) => scrollTo(e, 'bundles')}>
                  {t('packets.bundles')}
                </a>
              </li>
            )}
          </ul>
        </nav>
      )}

      {own &&
        (packets.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : packets.isError ? (
          <LoadError error={packets.error} onRetry={() => void packets.refetch()} />
        ) : (
          <>
            <PacketGroup id="tariffs" title={t('packets.tariffs')} packets={groups.base} onBuy={buy} canBuy={canBuy} />
            <PacketGroup id="addons" title={t('packets.addons')} packets={groups.addon} onBuy={buy} canBuy={canBuy} />
            <PacketGroup id="bundles" title={t('packets.bundles')} packets={groups.bundle} onBuy={buy} canBuy={canBuy} />
          </>
        ))}

      {provider.regform.url && (
        <div className={styles.register}>
          <p>{t('packets.registerLead', { name: provider.name })}</p>
          <ButtonAnchor href={provider.regform.url} target="_blank" rel="noopener noreferrer" data-landing="register">
            {provider.regform.caption || t('packets.register')}
          </ButtonAnchor>
        </div>
      )}

      {(phone || email) && (
        <section className={styles.section} aria-labelledby="provider-support-title">
          <h2 id="provider-support-title">{t('packets.support')}</h2>
          <ul className={styles.contacts}>
            {phone && (
              <li>
                <a href={telHref(phone)}>{t('packets.supportPhone', { phone })}</a>
              </li>
            )}
            {email && (
              <li>
                <a href={`mailto:${email}`}>{t('packets.supportEmail', { email })}</a>
              </li>
            )}
          </ul>
        </section>
      )}
    </section>
  );
}
