import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffInvite } from '../api/types';
import { Permission } from '../api/types';
import { useCan, useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { staffListQuery } from './api';
import { InviteForm } from './InviteForm';
import { SetupLinkPanel } from './SetupLinkPanel';
import { StaffRow } from './StaffRow';

/** The operator's staff; with staff.write also inviting, roles, blocking and new links. */
export default function StaffPage() {
  const { t } = useTranslation('operator');
  const session = useStaffSession();
  const writable = useCan(Permission.staffWrite);
  const list = useQuery(staffListQuery());
  const [link, setLink] = useState<StaffInvite | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useTitle(t('staff.title'));

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('staff.title')}</h1>
      </div>
      {writable && <InviteForm onInvited={setLink} />}
      {link && <SetupLinkPanel key={link.setup_url} invite={link} onClose={() => setLink(null)} />}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <TableFrame label={t('staff.caption', { operator: session.provider.name })}>
          <table className={styles.table}>
            <caption>{t('staff.caption', { operator: session.provider.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.member')}</th>
                <th scope="col">{t('staff.role')}</th>
                <th scope="col">{t('staff.secondFactor')}</th>
                <th scope="col">{t('staff.status')}</th>
                <th scope="col">{t('staff.lastLogin')}</th>
                {writable && <th scope="col">{t('staff.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.map((member) => (
                <StaffRow
                  key={member.id}
                  member={member}
                  writable={writable}
                  onSaved={(m) => setAnnouncement(t('staff.saved', { email: m.email }))}
                  onLink={setLink}
                />
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}
