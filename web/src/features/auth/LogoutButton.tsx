import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout, requestRestart } from '@/shared/session';
import { Button } from '@/shared/ui';

/**
 * Log out with confirmation (spec: settings dropdown and settings area). Logout removes
 * the device, clears storage, falls back to the guest device and restarts the app.
 */
export function LogoutButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  if (!asking) {
    return (
      <Button variant="ghost" size="small" onClick={() => setAsking(true)}>
        {t('settings.logout')}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={t('settings.logoutConfirm')} style={{ padding: 'var(--space-2) var(--space-3)' }}>
      <p style={{ margin: '0 0 var(--space-2)' }}>{t('settings.logoutConfirm')}</p>
      <div style={{ display: 'flex', gap: 'var(--space-2)' }}>
        <Button
          size="small"
          disabled={pending}
          autoFocus
          onClick={async () => {
            setPending(true);
            await logout();
            onDone?.();
            await requestRestart();
          }}
        >
          {t('header.logout')}
        </Button>
        <Button size="small" variant="secondary" onClick={() => setAsking(false)}>
          {t('app.cancel')}
        </Button>
      </div>
    </div>
  );
}
