import { useTranslation } from 'react-i18next';
import type { SupportContacts } from '@/shared/api';

/** A phone number as a tel: link target (digits and the plus only). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The support contacts as list items (phone, e-mail, site): the footer and the settings
 * put them in their own list.
 */
export function SupportContactItems({ support }: { support: SupportContacts }) {
  const { t } = useTranslation();
  return (
    <>
      {support.phone && (
        <li>
          <a href={telHref(support.phone)}>{t('footer.phone', { phone: support.phone })}</a>
        </li>
      )}
      {support.email && (
        <li>
          <a href={`mailto:${support.email}`}>{t('footer.email', { email: support.email })}</a>
        </li>
      )}
      {support.url && (
        <li>
          <a href={support.url} target="_blank" rel="noopener noreferrer">
            {t('footer.supportSite')}
          </a>
        </li>
      )}
    </>
  );
}
