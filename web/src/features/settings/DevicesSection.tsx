import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceKeys } from '@/features/parental';
import { isApiError, type Device } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useSession } from '@/shared/session';
import { Badge, Button, FormError, Spinner } from '@/shared/ui';
import { devicesQuery, removeDevice } from './api';
import { DeviceIcon } from './deviceIcons';
import styles from './Settings.module.css';

/** "Chrome · Linux", "Samsung SM-T500 · Android 13": vendor and model (once when equal), then the system. */
export function deviceTitle(d: Pick<Device, 'vendor' | 'model' | 'os_name' | 'os_version'>): string {
  const vendor = d.vendor?.trim() ?? '';
  const model = d.model?.trim() ?? '';
  const name = vendor && model && model.toLowerCase().startsWith(vendor.toLowerCase()) ? model : [vendor, model].filter(Boolean).join(' ');
  const system = [d.os_name, d.os_version].filter(Boolean).join(' ').trim();
  return [name, system].filter(Boolean).join(' · ');
}

/** Settings -> devices: this device first, the others removable after a confirmation. */
export function DevicesSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const { data, isPending, isError } = useQuery(devicesQuery(token));
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (isPending) return <Spinner label={t('app.loading')} />;
  if (isError) return <FormError message={t('errors.unknown')} />;
  const devices = [...data].sort((a, b) => Number(b.is_current) - Number(a.is_current));
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  async function remove(id: number) {
    setBusy(true);
    setError(null);
    try {
      await removeDevice(id);
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    } catch (e) {
      setError(isApiError(e) && e.status === 403 ? t('errors.tooManyDevices') : errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.stack}>
      <FormError message={error} />
      <ul className={styles.deviceList} aria-label={t('settings.devices')}>
        {devices.map((d) => {
          const title = deviceTitle(d) || t(`settings.deviceTypes.${d.device_type}`);
          return (
            <li key={d.id} className={styles.device}>
              <span className={styles.deviceIcon}>
                <DeviceIcon type={d.device_type} />
              </span>
              <span className={styles.deviceText}>
                <strong>{title}</strong>
                <span>
                  {t(`settings.deviceTypes.${d.device_type}`)}
                  {d.login_at && ` · ${t('settings.loginAt', { time: when.format(new Date(d.login_at)) })}`}
                </span>
              </span>
              {d.is_current ? (
                <Badge>{t('settings.thisDevice')}</Badge>
              ) : asking === d.id ? (
                <span className={styles.confirm} role="group" aria-label={t('settings.removeDeviceConfirm', { name: title })}>
                  <span>{t('settings.removeDeviceConfirm', { name: title })}</span>
                  <Button size="small" disabled={busy} autoFocus onClick={() => void remove(d.id)}>
                    {t('settings.remove')}
                  </Button>
                  <Button size="small" variant="secondary" onClick={() => setAsking(null)}>
                    {t('app.cancel')}
                  </Button>
                </span>
              ) : (
                <Button size="small" variant="secondary" onClick={() => setAsking(d.id)} aria-label={t('settings.removeDeviceNamed', { name: title })}>
                  {t('settings.remove')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
