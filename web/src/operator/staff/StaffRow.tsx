import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { Staff, StaffInvite, StaffRole } from '../api/types';
import { useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { formatDateTime } from '../ui/format';
import { assignableRoles, canManage, newSetupLink, patchStaff, staffKeys } from './api';

type Confirming = 'block' | 'link' | null;

/** One member: who, role, second factor, state, last sign-in, and what may be done to them. */
export function StaffRow({
  member,
  writable,
  onSaved,
  onLink,
}: {
  member: Staff;
  writable: boolean;
  onSaved: (member: Staff) => void;
  onLink: (invite: StaffInvite) => void;
}) {
  const { t, i18n } = useTranslation('operator');
  const session = useStaffSession();
  const client = useQueryClient();
  const self = member.id === session.staff.id;
  const manageable = writable && canManage(session, member);
  // The role picked but not saved yet; null shows the member's role as the server has it.
  const [draft, setDraft] = useState<StaffRole | null>(null);
  const role = draft ?? member.role;
  const [confirming, setConfirming] = useState<Confirming>(null);

  const patch = useMutation({
    mutationFn: patchStaff,
    onSuccess: (saved) => {
      client.setQueryData<Staff[]>(staffKeys.list(), (list) => list?.map((m) => (m.id === saved.id ? saved : m)));
      setDraft(null);
      setConfirming(null);
      void client.invalidateQueries({ queryKey: staffKeys.all });
      onSaved(saved);
    },
  });
  const link = useMutation({
    mutationFn: newSetupLink,
    onSuccess: (invite) => {
      setConfirming(null);
      void client.invalidateQueries({ queryKey: staffKeys.all });
      onLink(invite);
    },
  });
  const error = patch.error ?? link.error;
  const busy = patch.isPending || link.isPending;
  const roleOptions = assignableRoles(session).includes(member.role) ? assignableRoles(session) : [member.role, ...assignableRoles(session)];

  return (
    <tr>
      <th scope="row">
        <div className={styles.strong}>{member.name || member.email}</div>
        <div className={`${styles.muted} ${styles.small}`}>
          {member.email}
          {self && ` (${t('staff.you')})`}
        </div>
      </th>
      <td>
        {manageable ? (
          <span className={styles.actions}>
            <select
              className={styles.select}
              aria-label={t('staff.roleOf', { email: member.email })}
              value={role}
              disabled={busy}
              onChange={(e) => setDraft(e.target.value as StaffRole)}
            >
              {roleOptions.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
            {role !== member.role && (
              <>
                <Button size="small" disabled={busy} onClick={() => patch.mutate({ id: member.id, role })}>
                  {t('staff.saveRole')}
                </Button>
                <Button size="small" variant="ghost" disabled={busy} onClick={() => setDraft(null)}>
                  {t('common.cancel')}
                </Button>
              </>
            )}
          </span>
        ) : (
          t(`roles.${member.role}`)
        )}
      </td>
      <td>
        {member.totp_enabled ? (
          <span className={styles.pill} data-tone="good">
            {t('staff.totpOn')}
          </span>
        ) : member.totp_required ? (
          <span className={styles.pill} data-tone="warn">
            {t('staff.totpMissing')}
          </span>
        ) : (
          <span className={styles.pill}>{t('staff.totpOff')}</span>
        )}
      </td>
      <td>
        <span className={styles.pill} data-tone={member.disabled ? 'bad' : 'good'}>
          {member.disabled ? t('staff.blocked') : t('staff.active')}
        </span>
      </td>
      <td className={styles.nowrap}>{formatDateTime(member.last_login_at, i18n.language) ?? t('common.never')}</td>
      {writable && (
        <td>
          {manageable && confirming === null && (
            <span className={styles.actions}>
              {member.disabled ? (
                <Button size="small" variant="secondary" disabled={busy} onClick={() => patch.mutate({ id: member.id, disabled: false })}>
                  {t('staff.unblock')}
                </Button>
              ) : (
                <Button size="small" variant="secondary" disabled={busy} onClick={() => setConfirming('block')}>
                  {t('staff.block')}
                </Button>
              )}
              <Button size="small" variant="secondary" disabled={busy} onClick={() => setConfirming('link')}>
                {t('staff.newLink')}
              </Button>
            </span>
          )}
          {manageable && confirming !== null && (
            <div role="group" aria-label={confirming === 'block' ? t('staff.block') : t('staff.newLink')} className={styles.confirm}>
              <p className={styles.small}>
                {confirming === 'block' ? t('staff.confirmBlock', { email: member.email }) : t('staff.confirmNewLink', { email: member.email })}
              </p>
              <span className={styles.actions}>
                <Button
                  size="small"
                  autoFocus
                  disabled={busy}
                  onClick={() => (confirming === 'block' ? patch.mutate({ id: member.id, disabled: true }) : link.mutate(member.id))}
                >
                  {confirming === 'block' ? t('staff.block') : t('staff.continue')}
                </Button>
                <Button size="small" variant="ghost" disabled={busy} onClick={() => setConfirming(null)}>
                  {t('common.cancel')}
                </Button>
              </span>
            </div>
          )}
          {error && (
            <p role="alert" className={`${styles.errorText} ${styles.small}`}>
              {errorText(t, error)}
            </p>
          )}
        </td>
      )}
    </tr>
  );
}
