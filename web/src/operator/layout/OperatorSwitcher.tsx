import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { applySession, isPlatformAdmin } from '../session/session';
import { useStaffSession } from '../session/StaffContext';
import { errorText } from '../ui/errorText';
import { providersQuery, switchProvider } from './api';
import styles from './layout.module.css';

/**
 * The operator the console works on: its name, or for a platform administrator the choice
 * among every operator (the session then works on the chosen one; what was loaded for the
 * previous one is dropped and the console starts again from its start page).
 */
export function OperatorSwitcher() {
  const { t } = useTranslation('operator');
  const session = useStaffSession();
  const admin = isPlatformAdmin(session);
  const id = useId();
  const client = useQueryClient();
  const navigate = useNavigate();
  const providers = useQuery({ ...providersQuery(), enabled: admin });
  const change = useMutation({
    mutationFn: switchProvider,
    onSuccess: (next) => {
      applySession(client, next);
      navigate(paths.home);
    },
  });

  if (!admin || !providers.data) {
    return (
      <span className={styles.operator}>
        <span className="visually-hidden">{t('layout.operator')}: </span>
        {session.provider.name}
      </span>
    );
  }
  return (
    <span className={styles.operator}>
      <label htmlFor={id} className="visually-hidden">
        {t('layout.switchOperator')}
      </label>
      <select
        id={id}
        className={styles.switcher}
        value={session.provider.id}
        disabled={change.isPending}
        aria-describedby={change.error ? `${id}-error` : undefined}
        onChange={(e) => change.mutate(Number(e.target.value))}
      >
        {providers.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {change.isPending && <span className={styles.hint}>{t('layout.switching')}</span>}
      {change.error && (
        <span id={`${id}-error`} className={styles.headerError} role="alert">
          {errorText(t, change.error)}
        </span>
      )}
    </span>
  );
}
