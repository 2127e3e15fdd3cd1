import { useTranslation } from 'react-i18next';
import { useConfiguration } from '@/shared/api';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Modal } from '@/shared/ui';
import { PromoFlowView } from './PromoFlowView';
import { usePromoFlow } from './usePromoFlow';

/** #promocode: the promo-code flow in a dialog. Data `{ key }` fills the code in. */
export function PromocodeModal(props: HashModalProps) {
  return <PromoDialog name="promocode" {...props} />;
}

/** #promocode_new: the same flow under the newer address some links use. */
export function PromocodeNewModal(props: HashModalProps) {
  return <PromoDialog name="promocode_new" {...props} />;
}

function PromoDialog({ name, onClose, data }: HashModalProps & { name: 'promocode' | 'promocode_new' }) {
  const { t } = useTranslation();
  const { promocodes_enabled } = useConfiguration();
  const preset = (data as { key?: unknown } | undefined)?.key;
  const flow = usePromoFlow({ presetKey: typeof preset === 'string' ? preset : '', returnModal: name });
  const close = () => {
    flow.leave();
    onClose?.();
  };
  return (
    <Modal title={t('promo.title')} onClose={close} name={name}>
      {promocodes_enabled ? <PromoFlowView flow={flow} onClose={close} /> : <p>{t('promo.unavailable')}</p>}
    </Modal>
  );
}
