import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useConfiguration, useCurrentUser, type ParentalSettings } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, FormError, Spinner, SwitchRow } from '@/shared/ui';
import { deviceKeys, deviceQuery, saveParentalSettings, sendPinBySms } from './api';
import { isPinOffered, PROTECTED_ACTIONS } from './pin';
import { pinErrorMessage } from './pinErrors';
import { useAskPin } from './useAskPin';
import styles from './ParentalSettings.module.css';

/**
 * The parental settings of the settings area and /lk_parental: the PIN (set, change,
 * send by SMS) and, once a PIN is set, which actions of this device ask for it and for
 * how many minutes a right PIN is remembered.
 */
export function ParentalSettingsSection() {
  const { t } = useTranslation();
  const { open } = useModalNavigation();
  const { isLogged } = useSession();
  const { data: user, isPending } = useCurrentUser();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (isPending || !user) return <Spinner label={t('app.loading')} />;
  const pinSet = isPinOffered(user.parental_status, isLogged);

  return (
    <div className={styles.section}>
      <div className={styles.pinCard}>
        <p className={styles.pinStatus}>{pinSet ? t('parental.statusSet') : t('parental.statusNotSet')}</p>
        <div className={styles.row}>
          <Button onClick={() => open('parental_set')}>{pinSet ? t('parental.change') : t('parental.set')}</Button>
          {pinSet && (
            <Button
              variant="secondary"
              onClick={() => {
                setError(null);
                sendPinBySms().then(
                  (r) => setSent(r.message || t('parental.sent')),
                  (e: unknown) => setError(pinErrorMessage(t, e)),
                );
              }}
            >
              {t('parental.sendBySms')}
            </Button>
          )}
        </div>
        {sent && <p role="status">{sent}</p>}
        <FormError message={error} />
      </div>
      {pinSet ? <DeviceParentalForm /> : <p className={styles.hint}>{t('parental.settingsNeedPin')}</p>}
    </div>
  );
}

function DeviceParentalForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const askPin = useAskPin();
  const { deviceId, token } = useSession();
  const { parental_durations } = useConfiguration();
  const { data: device, isPending, isError } = useQuery(deviceQuery(deviceId, token));
  const [draft, setDraft] = useState<ParentalSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (device) setDraft(device.parental_settings);
  }, [device]);

  if (isPending) return <Spinner label={t('app.loading')} />;
  if (isError || !device || !draft || deviceId === null) return <FormError message={t('errors.unknown')} />;
  const durations = parental_durations.includes(draft.duration) ? parental_durations : [...parental_durations, draft.duration].sort((a, b) => a - b);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft || deviceId === null) return;
    setSaving(true);
    setError(null);
    setSaved(false);
    const done = () => {
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    };
    try {
      await saveParentalSettings(deviceId, draft);
      done();
    } catch (err) {
      if (isApiError(err) && err.type === 'parental_code_required') {
        const ok = await askPin({ action: 'parental', attempt: async (code) => void (await saveParentalSettings(deviceId, draft, code)) });
        if (ok) done();
      } else {
        setError(errorMessage(t, err));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className={styles.form} aria-labelledby="parental-device-title">
      <h4 id="parental-device-title" className={styles.subtitle}>
        {t('parental.deviceSettings')}
      </h4>
      <fieldset className={styles.toggles}>
        <legend className="visually-hidden">{t('parental.askFor')}</legend>
        {PROTECTED_ACTIONS.map((action) => (
          <SwitchRow
            key={action}
            label={t(`parental.actions.${action}`)}
            checked={draft[action]}
            onChange={(e) => {
              setSaved(false);
              setDraft({ ...draft, [action]: e.target.checked });
            }}
          />
        ))}
      </fieldset>
      <label className={styles.duration}>
        <span>{t('parental.duration')}</span>
        <select
          value={draft.duration}
          onChange={(e) => {
            setSaved(false);
            setDraft({ ...draft, duration: Number(e.target.value) });
          }}
        >
          {durations.map((m) => (
            <option key={m} value={m}>
              {t('plural.minutes', { count: m })}
            </option>
          ))}
        </select>
      </label>
      <FormError message={error} />
      {saved && (
        <p role="status" className={styles.saved}>
          {t('settings.saved')}
        </p>
      )}
      <Button type="submit" disabled={saving}>
        {t('settings.save')}
      </Button>
    </form>
  );
}
