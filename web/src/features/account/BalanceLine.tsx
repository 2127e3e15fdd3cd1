import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/money';
import { useSession } from '@/shared/session';
import { balanceQuery } from './api';

/** "Balance: 1 000,00 ₽" for the settings dropdown; nothing until the balance is known. */
export function BalanceLine({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const balance = useQuery(balanceQuery(token)).data;
  if (!balance) return null;
  return (
    <small className={className} data-balance="">
      {t('account.balance')}: <strong>{formatMoney(balance.balance, balance.currency, i18n.language)}</strong>
    </small>
  );
}
