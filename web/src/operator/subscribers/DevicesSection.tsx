import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { CardDevice } from '../api/types';
import { Permission } from '../api/types';
import { useCan } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { InlineConfirm, StatusNote, useFocusLater } from '../ui/Confirm';
import { errorText } from '../ui/errorText';
import { formatDate } from '../ui/format';
import { TableFrame } from '../ui/TableFrame';
import { removeDevice } from './api';
import { deviceType } from './labels';
import { useCardRefresh } from './useCardRefresh';

/** The subscriber's devices; with subscribers.write each can be removed (after a question). */
export function DevicesSection({ id, devices }: { id: string; devices: CardDevice[] }) {
  const { t, i18n } = useTranslation('operator');
  const writable = useCan(Permission.subscribersWrite);
  const { patch, refresh } = useCardRefresh(id);
  const [asking, setAsking] = useState<number | null>(null);
  const [done, setDone] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const focusLater = useFocusLater();
  const none = t('common.none');
  const uid = useId();

  const remove = useMutation({
    mutationFn: (device: CardDevice) => removeDevice(id, device.id),
    onSuccess: (_, device) => {
      patch((c) => ({ ...c, devices: c.devices.filter((d) => d.id !== device.id) }));
      void refresh();
      setAsking(null);
      setDone(t('card.deviceRemoved', { serial: device.serial }));
      // The row is gone: the focus goes to the section's heading.
      focusLater(() => heading.current);
    },
  });
  const cancel = (deviceId: number) => {
    setAsking(null);
    focusLater(() => table.current?.querySelector<HTMLElement>(`[data-device="${deviceId}"]`));
  };

  return (
    <section aria-labelledby="card-devices" className={styles.section}>
      <h2 id="card-devices" ref={heading} tabIndex={-1}>
        {t('card.devices')}
      </h2>
      <StatusNote text={done} />
      {devices.length === 0 ? (
        <p className={styles.muted}>{t('card.noDevices')}</p>
      ) : (
        <TableFrame label={t('card.devicesCaption')}>
          <table className={styles.table} ref={table}>
            <caption>{t('card.devicesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('card.serial')}</th>
                <th scope="col">{t('card.deviceType')}</th>
                <th scope="col">{t('card.added')}</th>
                {writable && (
                  <th scope="col">
                    <span className="visually-hidden">{t('card.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {devices.map((d) => (
                <tr key={d.id}>
                  <th scope="row" className={styles.mono} id={`${uid}-device-${d.id}`}>
                    {d.serial}
                  </th>
                  <td>{deviceType(t, d.device_type)}</td>
                  <td className={styles.nowrap}>{formatDate(d.created_at, i18n.language) ?? none}</td>
                  {writable && (
                    <td>
                      {asking === d.id ? (
                        <InlineConfirm
                          label={t('card.removeDeviceOf', { serial: d.serial })}
                          question={t('card.confirmRemoveDevice', { serial: d.serial })}
                          action={t('card.removeDevice')}
                          busy={remove.isPending}
                          error={remove.error ? errorText(t, remove.error) : null}
                          onConfirm={() => remove.mutate(d)}
                          onCancel={() => cancel(d.id)}
                        />
                      ) : (
                        <Button
                          size="small"
                          variant="secondary"
                          data-device={d.id}
                          aria-describedby={`${uid}-device-${d.id}`}
                          disabled={remove.isPending}
                          onClick={() => {
                            remove.reset();
                            setDone('');
                            setAsking(d.id);
                          }}
                        >
                          {t('card.removeDevice')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
