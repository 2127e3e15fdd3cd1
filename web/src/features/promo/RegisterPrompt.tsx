import { useTranslation } from 'react-i18next';
import { useNetwork } from '@/shared/api';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button } from '@/shared/ui';
import { registerPrompt } from './rules/promoPages';
import styles from './Promo.module.css';

/** Spec 5: a guest without purchases is invited to register for the operator's promo days. */
export function RegisterPrompt() {
  const { t } = useTranslation();
  const { isLogged } = useSession();
  const { open } = useModalNavigation();
  const prompt = registerPrompt(useNetwork().data, isLogged);
  if (!prompt) return null;
  return (
    <section className={styles.register} aria-labelledby="promo-register">
      <h2 id="promo-register" className={styles.cardTitle}>
        {prompt.days !== null ? t('promo.registerDays', { days: t('plural.days', { count: prompt.days }) }) : t('promo.register')}
      </h2>
      <p className={styles.muted}>{t('promo.registerText')}</p>
      <div>
        <Button onClick={() => open('auth')}>{t('promo.registerButton')}</Button>
      </div>
    </section>
  );
}
