import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useBrandName } from '@/shared/api';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { Button, ButtonLink, Spinner } from '@/shared/ui';
import { guideQuery, guidesQuery, isMissingGuide } from './api';
import { deviceName, isManualDevice, MANUAL_DEVICES } from './devices';
import { DeviceList } from './DeviceList';
import { GuideText } from './GuideText';
import styles from './install.module.css';

/** /manual: the set-top boxes the operator supports; /manual/{dune|tvip|eltex|mag}: one box's steps. */
export function ManualPage() {
  const { device } = useParams();
  return device === undefined ? <ManualList /> : <Manual device={device} />;
}

function ManualList() {
  const { t, i18n } = useTranslation();
  const brand = useBrandName();
  const guides = useQuery(guidesQuery(i18n.language));
  useDocumentMeta({ title: t('install.manualTitle') });
  const boxes = MANUAL_DEVICES.filter((d) => guides.data?.some((g) => g.device === d));
  return (
    <section className={styles.page} aria-labelledby="manual-title" data-section="manual">
      <p className={styles.eyebrow}>{brand}</p>
      <h1 id="manual-title">{t('install.manualTitle')}</h1>
      <p className={styles.lead}>{t('install.manualIntro')}</p>
      {guides.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : guides.isError ? (
        <Retry onRetry={() => void guides.refetch()} busy={guides.isFetching} />
      ) : boxes.length === 0 ? (
        <p>{t('install.empty')}</p>
      ) : (
        <DeviceList devices={boxes} href={(d) => `/manual/${d}`} labelledBy="manual-title" />
      )}
      <p className={styles.more}>
        <Link to={{ hash: 'install' }}>{t('install.otherDevices')}</Link>
      </p>
    </section>
  );
}

function Manual({ device }: { device: string }) {
  const { t, i18n } = useTranslation();
  const known = isManualDevice(device);
  const guide = useQuery({ ...guideQuery(known ? device : 'mag', i18n.language), enabled: known });
  const name = known ? deviceName(device, t) : '';
  useDocumentMeta({ title: known ? t('install.stepsOf', { device: name }) : t('install.notFound') });
  const notFound = !known || isMissingGuide(guide.error);
  return (
    <section className={styles.page} aria-labelledby="manual-title" data-section="manual">
      <nav className={styles.crumbs} aria-label={t('install.crumbs')}>
        <Link to="/manual">{t('install.manualTitle')}</Link>
      </nav>
      <h1 id="manual-title">{notFound ? t('install.notFound') : t('install.stepsOf', { device: name })}</h1>
      {notFound ? (
        <ButtonLink to="/manual" variant="secondary">
          {t('install.allManuals')}
        </ButtonLink>
      ) : guide.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : guide.data ? (
        <GuideText guide={guide.data} labelledBy="manual-title" />
      ) : (
        <Retry onRetry={() => void guide.refetch()} busy={guide.isFetching} />
      )}
    </section>
  );
}

function Retry({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.error} role="alert">
      <p>{t('install.unavailable')}</p>
      <Button variant="secondary" onClick={onRetry} disabled={busy}>
        {t('install.retry')}
      </Button>
    </div>
  );
}
