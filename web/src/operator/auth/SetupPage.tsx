import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { paths } from '../paths';
import { keepsSession } from '../session/queryClient';
import { errorText } from '../ui/errorText';
import { StepHeading } from '../ui/Heading';
import { TextField } from '../ui/TextField';
import { useTitle } from '../ui/useTitle';
import { AuthFrame } from './AuthFrame';
import type { LoginState } from './LoginPage';
import { setPassword } from './api';
import styles from './auth.module.css';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** The password of a set-up link (an invitation or a reset), then sign-in with it. */
export function SetupPage() {
  const { t } = useTranslation('operator');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [password, setPasswordValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  useTitle(t('setup.title'));
  const mutation = useMutation({
    mutationFn: setPassword,
    meta: keepsSession,
    onSuccess: ({ email }) => {
      const state: LoginState = { passwordSet: true };
      navigate(`${paths.login}?${new URLSearchParams({ email })}`, { replace: true, state });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    const length = [...password].length;
    if (length < PASSWORD_MIN) found.password = t('setup.tooShort');
    else if (length > PASSWORD_MAX) found.password = t('setup.tooLong');
    else if (repeat !== password) found.repeat = t('setup.mismatch');
    setErrors(found);
    if (found.password || found.repeat) return;
    mutation.mutate({ token, password });
  };

  return (
    <AuthFrame>
      <StepHeading focus={false}>{t('setup.title')}</StepHeading>
      {!token ? (
        <>
          <p className={styles.warning} role="alert">
            {t('setup.noToken')}
          </p>
          <ButtonLink to={paths.login} variant="secondary">
            {t('setup.toLogin')}
          </ButtonLink>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className={styles.intro}>{t('setup.intro')}</p>
          <TextField
            label={t('setup.password')}
            hint={t('setup.hint')}
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPasswordValue(e.target.value)}
            error={errors.password}
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            required
            autoFocus
          />
          <TextField
            label={t('setup.repeat')}
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={errors.repeat}
            maxLength={PASSWORD_MAX}
            required
          />
          <FormError message={mutation.error ? errorText(t, mutation.error) : null} />
          <div className={styles.buttons}>
            <Button type="submit" disabled={mutation.isPending}>
              {t('setup.submit')}
            </Button>
            <ButtonLink to={paths.login} variant="ghost">
              {t('setup.toLogin')}
            </ButtonLink>
          </div>
        </form>
      )}
    </AuthFrame>
  );
}
