import { useTranslation } from 'react-i18next';
import type { HashModalProps, ModalName } from '@/shared/lib/modalNavigation';
import { Modal } from '@/shared/ui';

type PlaceholderName = Exclude<ModalName, 'auth' | 'profiles' | 'pincode' | 'parental' | 'parental_set' | 'parental_start'>;

/** A titled modal for the areas that are not built yet; #message shows its data. */
export default function PlaceholderModal({ name, onClose, data }: HashModalProps & { name: PlaceholderName }) {
  const { t } = useTranslation();
  const message = name === 'message' ? (data as { title?: string; text?: string } | undefined) : undefined;
  return (
    <Modal title={message?.title || t(`modals.${name}`)} onClose={onClose} name={name}>
      <p>{message?.text || t('modal.text')}</p>
    </Modal>
  );
}
