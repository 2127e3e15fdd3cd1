import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginWithPassword } from '@/shared/session';
import { Button, Field, FormError } from '@/shared/ui';
import { authErrorMessage } from './authErrors';
import { hasErrors, LOGIN_MAX, PASSWORD_MAX, validateLoginForm, type FieldProblem } from './loginForm';
import { useFinishLogin } from './useFinishLogin';
import styles from './AuthModal.module.css';

/** The login-and-password form (spec 2 "Login screens", rules of spec 5). */
export function LoginPasswordForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const finish = useFinishLogin(onLoggedIn);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = touched ? validateLoginForm(login, password) : {};

  const problem = (p: FieldProblem | undefined, max: number) =>
    p === 'required' ? t('auth.required') : p === 'tooLong' ? t('auth.tooLong', { max }) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (pending || hasErrors(validateLoginForm(login, password))) return;
    setPending(true);
    setServerError(null);
    try {
      await finish(await loginWithPassword(login.trim(), password));
    } catch (err) {
      setServerError(authErrorMessage(t, err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <FormError message={serverError} />
      <Field
        label={t('auth.login')}
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={login}
        onChange={(e) => setLogin(e.target.value)}
        error={problem(errors.login, LOGIN_MAX)}
        data-autofocus
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problem(errors.password, PASSWORD_MAX)}
      />
      <Button type="submit" disabled={pending} className={styles.wide}>
        {pending ? t('auth.submitting') : t('auth.submit')}
      </Button>
    </form>
  );
}
