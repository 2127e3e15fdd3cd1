import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './errorText';

/**
 * A console action's state: running, the line said when it is done, or the error it met
 * (in the console's words). `run` clears both before it starts.
 */
export function useAction() {
  const { t: tc } = useTranslation('operator');
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setPending(true);
    setError(null);
    setStatus('');
    try {
      await action();
      setStatus(done);
    } catch (e) {
      setError(errorText(tc, e));
    } finally {
      setPending(false);
    }
  };
  return { pending, status, error, setError, run };
}
