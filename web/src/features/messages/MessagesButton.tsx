import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/shared/session';
import { messagesQuery } from './api';
import { EnvelopeIcon } from './EnvelopeIcon';
import styles from './MessagesButton.module.css';

/** The header's messages button: opens #message; the badge shows how many there are. */
export function MessagesButton() {
  const { t } = useTranslation();
  const { token } = useSession();
  const total = useQuery(messagesQuery(token)).data?.length ?? 0;
  const label = total > 0 ? t('messages.openCount', { total }) : t('messages.title');
  return (
    <Link to={{ hash: 'message' }} replace className={styles.button} aria-label={label} title={label}>
      <EnvelopeIcon />
      {total > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {total > 99 ? '99+' : total}
        </span>
      )}
    </Link>
  );
}
