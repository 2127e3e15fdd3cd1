import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, useCurrentUser, userKeys, type ParentalDialogue, type User } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useModalNavigation, type HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, FormError, Modal } from '@/shared/ui';
import { LockIcon } from './icons';
import styles from './Parental.module.css';

type DialogueButton = ParentalDialogue['buttons'][number];

/**
 * #parental and #parental_start: the parental dialogue offering to set a PIN or skip.
 * The server's user.parental_dialogue (title, message, buttons) wins over the default
 * texts. Skip stores parental_status "ignore".
 */
export function ParentalDialogueModal({ onClose, variant }: HashModalProps & { variant: 'parental' | 'parental_start' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { open } = useModalNavigation();
  const dialogue = useCurrentUser().data?.parental_dialogue ?? null;
  const [error, setError] = useState<string | null>(null);
  const title = dialogue?.title || (variant === 'parental' ? t('parental.parentalTitle') : t('parental.startTitle'));
  const message = dialogue?.message || (variant === 'parental' ? t('parental.parentalText') : t('parental.startText'));
  const buttons: DialogueButton[] = dialogue?.buttons.length
    ? dialogue.buttons
    : [
        { label: t('parental.set'), action: 'set', is_primary: true },
        { label: t('parental.skip'), action: 'skip', is_primary: false },
      ];

  async function skip() {
    try {
      const next = await apiFetch<User>('/users/self', { method: 'PATCH', body: { parental_status: 'ignore' } });
      queryClient.setQueriesData({ queryKey: userKeys.all }, next);
      onClose?.();
    } catch (err) {
      setError(errorMessage(t, err));
    }
  }

  return (
    <Modal title={title} onClose={onClose} name={variant}>
      <span className={styles.dialogueIcon} aria-hidden="true">
        <LockIcon />
      </span>
      <p>{message}</p>
      <FormError message={error} />
      <div className={styles.actions}>
        {buttons.map((b) => (
          <Button
            key={b.action}
            variant={b.is_primary ? 'primary' : 'secondary'}
            onClick={() => (b.action === 'set' ? open('parental_set') : void skip())}
          >
            {b.label}
          </Button>
        ))}
      </div>
    </Modal>
  );
}

export const ParentalModal = (props: HashModalProps) => <ParentalDialogueModal {...props} variant="parental" />;
export const ParentalStartModal = (props: HashModalProps) => <ParentalDialogueModal {...props} variant="parental_start" />;
