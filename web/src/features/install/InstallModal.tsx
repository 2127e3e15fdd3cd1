import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, Modal, Spinner } from '@/shared/ui';
import { guidesQuery } from './api';
import { deviceName, isManualDevice, startDevice, type InstallDevice, type InstallGuide } from './devices';
import { DeviceList } from './DeviceList';
import { GuideText } from './GuideText';
import styles from './install.module.css';

/**
 * The install instructions dialog (#install, #smarttv): the list of devices, then one
 * device's steps with a way back to the list. #smarttv opens on the Smart TV steps.
 */
function InstallDialog({ onClose, modal }: HashModalProps & { modal: 'install' | 'smarttv' }) {
  const { t, i18n } = useTranslation();
  const guides = useQuery(guidesQuery(i18n.language));
  const [chosen, setChosen] = useState<InstallDevice | null>(() => startDevice(modal));
  const list = guides.data ?? [];
  // A device the operator hid (or that failed to load) falls back to the list.
  const guide = chosen ? list.find((g) => g.device === chosen) : undefined;
  const showing = guides.data && chosen && !guide ? null : chosen;

  return (
    <Modal title={showing ? deviceName(showing, t) : t('install.title')} onClose={onClose} size="md" name={modal}>
      {guides.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : guides.isError ? (
        <div className={styles.error} role="alert">
          <p>{t('install.unavailable')}</p>
          <Button variant="secondary" onClick={() => void guides.refetch()} disabled={guides.isFetching}>
            {t('install.retry')}
          </Button>
        </div>
      ) : guide ? (
        <Steps guide={guide} onBack={() => setChosen(null)} />
      ) : list.length === 0 ? (
        <p className={styles.lead}>{t('install.empty')}</p>
      ) : (
        <>
          <p className={styles.lead}>{t('install.intro')}</p>
          <DeviceList devices={list.map((g) => g.device)} onChoose={setChosen} />
        </>
      )}
    </Modal>
  );
}

/** One device's steps. Focus moves to the back button, so the keyboard starts at the top. */
function Steps({ guide, onBack }: { guide: InstallGuide; onBack: () => void }) {
  const { t } = useTranslation();
  const back = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  useEffect(() => back.current?.focus(), [guide.device]);
  return (
    <div className={styles.steps}>
      <div className={styles.stepsBar}>
        <button ref={back} type="button" className={styles.back} onClick={onBack}>
          <span aria-hidden="true">←</span> {t('install.back')}
        </button>
        {isManualDevice(guide.device) && (
          <Link className={styles.pageLink} to={`/manual/${guide.device}`}>
            {t('install.openPage')}
          </Link>
        )}
      </div>
      <h3 id={headingId} className="visually-hidden">
        {t('install.stepsOf', { device: deviceName(guide.device, t) })}
      </h3>
      <GuideText guide={guide} labelledBy={headingId} />
    </div>
  );
}

export function InstallModal(props: HashModalProps) {
  return <InstallDialog {...props} modal="install" />;
}

export function SmartTvModal(props: HashModalProps) {
  return <InstallDialog {...props} modal="smarttv" />;
}
