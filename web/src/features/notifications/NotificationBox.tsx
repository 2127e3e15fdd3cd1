import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { Button, ButtonAnchor } from '@/shared/ui';
import { EmailForm } from './EmailForm';
import { SurveyForm } from './SurveyForm';
import { useNotification, type ActiveNotification } from './useNotification';
import styles from './Notifications.module.css';

/**
 * The floating notification box (catalogue spec 2 "Notifications"): one notice at a time,
 * none while a modal is open. It does not take focus (the viewer is doing something else);
 * it is announced politely, reachable by Tab, and Escape inside it closes it.
 */
export function NotificationBox() {
  const active = useNotification();
  const titleId = useId();
  if (!active) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      active.close();
    }
  };
  return (
    <div className={styles.host} aria-live="polite">
      <section
        className={styles.box}
        role="region"
        aria-labelledby={titleId}
        data-notification={active.kind}
        onKeyDown={onKeyDown}
      >
        <Body active={active} titleId={titleId} />
        <CloseButton onClose={active.close} />
      </section>
    </div>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.close} onClick={onClose} aria-label={t('notifications.close')}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

function Notice({ titleId, title, text, children }: { titleId: string; title: string; text?: string; children?: ReactNode }) {
  return (
    <>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {text && <p className={styles.text}>{text}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </>
  );
}

function Body({ active, titleId }: { active: ActiveNotification; titleId: string }) {
  const { t } = useTranslation();
  const { open } = useModalNavigation();
  const navigate = useNavigate();
  const { kind, facts, close } = active;
  // An action leads somewhere else: the notice counts as closed.
  const act = (go: () => void) => () => {
    close();
    go();
  };
  switch (kind) {
    case 'register':
      return (
        <Notice titleId={titleId} title={t('notifications.register.title')} text={t('notifications.register.text')}>
          <Button size="small" onClick={act(() => open('auth'))}>
            {t('notifications.register.action')}
          </Button>
        </Notice>
      );
    case 'email':
      return (
        <Notice titleId={titleId} title={t('notifications.email.title')} text={t('notifications.email.text')}>
          <EmailForm onSaved={close} />
        </Notice>
      );
    case 'unsubscribeSurvey':
    case 'surveyRate':
      return facts.survey ? (
        <SurveyForm titleId={titleId} questionId={facts.survey.questionId} rating={kind === 'surveyRate'} onDone={close} />
      ) : null;
    case 'permission':
      return (
        <Notice titleId={titleId} title={t('notifications.permission.title')} text={t('notifications.permission.text')}>
          <Button size="small" onClick={act(() => open('push'))}>
            {t('notifications.permission.action')}
          </Button>
        </Notice>
      );
    case 'install':
      return (
        <Notice titleId={titleId} title={t('notifications.install.title')} text={t('notifications.install.text')}>
          <Button size="small" onClick={act(() => open('install'))}>
            {t('notifications.install.action')}
          </Button>
        </Notice>
      );
    case 'pollLink':
      return facts.poll ? (
        <Notice titleId={titleId} title={t('notifications.poll.title')} text={facts.poll.title}>
          <ButtonAnchor size="small" href={facts.poll.url} target="_blank" rel="noopener noreferrer" onClick={close}>
            {t('notifications.poll.action')}
          </ButtonAnchor>
        </Notice>
      ) : null;
    case 'partnerInstall':
      return (
        <Notice titleId={titleId} title={t('notifications.partnerInstall.title')} text={t('notifications.partnerInstall.text')}>
          <Button size="small" onClick={act(() => open('install'))}>
            {t('notifications.partnerInstall.action')}
          </Button>
        </Notice>
      );
    case 'partnerPromo':
      return (
        <Notice titleId={titleId} title={t('notifications.partnerPromo.title')} text={t('notifications.partnerPromo.text')}>
          <Button size="small" onClick={act(() => navigate('/packets'))}>
            {t('notifications.partnerPromo.action')}
          </Button>
        </Notice>
      );
  }
}
