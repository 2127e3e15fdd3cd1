import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import type { StaffInvite, StaffRole } from '../api/types';
import { useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { assignableRoles, inviteStaff, staffKeys } from './api';

/** Inviting a staff member: e-mail, name and role; the answer's one-time link is shown above. */
export function InviteForm({ onInvited }: { onInvited: (invite: StaffInvite) => void }) {
  const { t } = useTranslation('operator');
  const session = useStaffSession();
  const client = useQueryClient();
  const roles = assignableRoles(session);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [emailMissing, setEmailMissing] = useState(false);
  const ids = { email: useId(), name: useId(), role: useId(), title: useId() };
  const invite = useMutation({
    mutationFn: inviteStaff,
    onSuccess: (answer) => {
      setEmail('');
      setName('');
      void client.invalidateQueries({ queryKey: staffKeys.all });
      onInvited(answer);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    setEmailMissing(!value);
    if (value) invite.mutate({ email: value, name: name.trim(), role });
  };

  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('staff.invite')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('staff.inviteIntro')}</p>
      <form className={styles.formRow} onSubmit={submit} noValidate>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={ids.email} className={styles.label}>
            {t('staff.email')}
          </label>
          <input
            id={ids.email}
            className={styles.input}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={254}
            required
            autoComplete="off"
            aria-invalid={emailMissing || undefined}
            aria-describedby={emailMissing ? `${ids.email}-error` : undefined}
          />
          {emailMissing && (
            <span id={`${ids.email}-error`} className={`${styles.errorText} ${styles.small}`}>
              {t('login.required')}
            </span>
          )}
        </div>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={ids.name} className={styles.label}>
            {t('staff.name')}
          </label>
          <input id={ids.name} className={styles.input} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" />
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.role} className={styles.label}>
            {t('staff.role')}
          </label>
          <select id={ids.role} className={styles.select} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="small" disabled={invite.isPending} className={styles.besideField}>
          {t('staff.inviteButton')}
        </Button>
      </form>
      <FormError message={invite.error ? errorText(t, invite.error) : null} />
    </section>
  );
}
