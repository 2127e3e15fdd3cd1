import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/session';
import { accountsQuery, payformsQuery } from './api';
import { usablePaySystems } from './rules/purchase';

/** The pay systems of the viewer's first account a purchase may use (never the balance itself). */
export function usePaySystems(allowed?: string[]) {
  const { token } = useSession();
  const accounts = useQuery(accountsQuery(token));
  const accountId = accounts.data?.[0]?.id;
  const forms = useQuery({ ...payformsQuery(accountId ?? 0, token), enabled: accountId !== undefined });
  return {
    list: usablePaySystems(forms.data ?? [], allowed),
    all: forms.data ?? [],
    isPending: accounts.isPending || (accountId !== undefined && forms.isPending),
    error: accounts.error ?? forms.error,
  };
}
