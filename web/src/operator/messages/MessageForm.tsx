import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { Permission } from '../api/types';
import own from '../promo/promo.module.css';
import { useCan } from '../session/StaffContext';
import { packetsQuery } from '../subscribers/api';
import styles from '../ui/console.module.css';
import { fromLocalInput } from '../ui/dates';
import { errorText } from '../ui/errorText';
import { engageKeys, sendMessage, type MessageBroadcast, type SendFields } from './api';

type Errors = Partial<Record<'title' | 'text' | 'link' | 'packet' | 'user' | 'when', string>>;

/**
 * A new message: title, text and an optional link, to everybody, a packet's subscribers or
 * one viewer (by id), now or at a set time.
 */
export function MessageForm({ onDone, onCancel }: { onDone: (m: MessageBroadcast) => void; onCancel: () => void }) {
  const { t } = useTranslation('operator-engage');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const canPackets = useCan(Permission.packetsRead);
  const packets = useQuery({ ...packetsQuery(), enabled: canPackets });
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const [audience, setAudience] = useState<SendFields['audience']>('all');
  const [packet, setPacket] = useState('');
  const [user, setUser] = useState('');
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState('');
  const [push, setPush] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const send = useMutation({
    mutationFn: sendMessage,
    onSuccess: (m) => {
      void client.invalidateQueries({ queryKey: engageKeys.messages });
      onDone(m);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const fields: SendFields = { title: title.trim(), text: text.trim(), audience, ...(push ? { push: true } : {}) };
    if (!fields.title) next.title = t('messages.titleRequired');
    if (!fields.text) next.text = t('messages.textRequired');
    if (link.trim()) {
      if (!/^https?:\/\/\S+$/i.test(link.trim())) next.link = t('messages.linkInvalid');
      else fields.link = link.trim();
    }
    if (audience === 'packet') {
      if (!/^\d+$/.test(packet)) next.packet = t('messages.packetRequired');
      else fields.packet_id = Number(packet);
    }
    if (audience === 'user') {
      if (!/^\d+$/.test(user.trim())) next.user = t('messages.userRequired');
      else fields.user_id = Number(user.trim());
    }
    if (later) {
      const at = fromLocalInput(when);
      if (at === null || at * 1000 <= Date.now()) next.when = t('messages.whenInvalid');
      else fields.send_at = at;
    }
    setErrors(next);
    if (Object.keys(next).length === 0) send.mutate(fields);
  };

  const err = (key: keyof Errors) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});
  const errorNote = (key: keyof Errors) =>
    errors[key] ? (
      <span id={`${id}-${key}-error`} className={`${styles.errorText} ${styles.small}`}>
        {errors[key]}
      </span>
    ) : null;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('messages.formTitle')}</h2>
      <form onSubmit={submit} noValidate className={own.form}>
        <div className={styles.control}>
          <label htmlFor={`${id}-t`} className={styles.label}>
            {t('messages.title')}
          </label>
          <input id={`${id}-t`} className={styles.input} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} {...err('title')} />
          {errorNote('title')}
        </div>
        <div className={styles.control}>
          <label htmlFor={`${id}-x`} className={styles.label}>
            {t('messages.text')}
          </label>
          <textarea
            id={`${id}-x`}
            className={`${styles.input} ${own.textarea}`}
            value={text}
            maxLength={4000}
            onChange={(e) => setText(e.target.value)}
            {...err('text')}
          />
          {errorNote('text')}
        </div>
        <div className={styles.control}>
          <label htmlFor={`${id}-l`} className={styles.label}>
            {t('messages.link')}
          </label>
          <input id={`${id}-l`} type="url" className={styles.input} value={link} maxLength={500} placeholder="https://" onChange={(e) => setLink(e.target.value)} {...err('link')} />
          {errorNote('link')}
        </div>

        <fieldset className={own.fieldset}>
          <legend className={styles.label}>{t('messages.audience')}</legend>
          {(['all', 'packet', 'user'] as const).map((a) => (
            <label key={a} className={own.choice}>
              <input type="radio" name={`${id}-audience`} checked={audience === a} onChange={() => setAudience(a)} />
              {t(`messages.audience_${a}`)}
            </label>
          ))}
        </fieldset>
        {audience === 'packet' && (
          <div className={styles.control}>
            <label htmlFor={`${id}-p`} className={styles.label}>
              {t('messages.packet')}
            </label>
            {canPackets ? (
              <select id={`${id}-p`} className={styles.select} value={packet} onChange={(e) => setPacket(e.target.value)} {...err('packet')}>
                <option value="">{t('messages.choosePacket')}</option>
                {(packets.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            ) : (
              <input id={`${id}-p`} className={styles.input} inputMode="numeric" value={packet} onChange={(e) => setPacket(e.target.value.trim())} {...err('packet')} />
            )}
            {errorNote('packet')}
          </div>
        )}
        {audience === 'user' && (
          <div className={styles.control}>
            <label htmlFor={`${id}-u`} className={styles.label}>
              {t('messages.viewerId')}
            </label>
            <input id={`${id}-u`} className={styles.input} inputMode="numeric" value={user} onChange={(e) => setUser(e.target.value)} {...err('user')} />
            {errorNote('user')}
          </div>
        )}

        <fieldset className={own.fieldset}>
          <legend className={styles.label}>{t('messages.when')}</legend>
          <label className={own.choice}>
            <input type="radio" name={`${id}-when`} checked={!later} onChange={() => setLater(false)} />
            {t('messages.now')}
          </label>
          <label className={own.choice}>
            <input type="radio" name={`${id}-when`} checked={later} onChange={() => setLater(true)} />
            {t('messages.later')}
          </label>
        </fieldset>
        {later && (
          <div className={styles.control}>
            <label htmlFor={`${id}-w`} className={styles.label}>
              {t('messages.sendAt')}
            </label>
            <input id={`${id}-w`} type="datetime-local" className={styles.input} value={when} onChange={(e) => setWhen(e.target.value)} {...err('when')} />
            {errorNote('when')}
          </div>
        )}

        <label className={own.choice}>
          <input type="checkbox" checked={push} onChange={(e) => setPush(e.target.checked)} aria-describedby={`${id}-push-note`} />
          {t('messages.push')}
        </label>
        <p id={`${id}-push-note`} className={styles.muted}>
          {t('messages.pushNote')}
        </p>

        <FormError message={send.error ? errorText(tc, send.error) : null} />
        <div className={styles.actions}>
          <Button type="submit" disabled={send.isPending}>
            {t('messages.send')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={send.isPending}>
            {tc('common.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
