import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import type { StaffLoginAnswer, StaffSession } from '../api/types';
import { keepsSession } from '../session/queryClient';
import { applySession, consoleKeys, sessionQuery } from '../session/session';
import { errorText } from '../ui/errorText';
import { StepHeading } from '../ui/Heading';
import { TextField } from '../ui/TextField';
import { useTitle } from '../ui/useTitle';
import { AuthFrame } from './AuthFrame';
import { CodeForm } from './CodeForm';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrol } from './TotpEnrol';
import { login, safeNext, sendTotp } from './api';
import styles from './auth.module.css';

// Sign-in in up to three steps, by the server's answer: the password; then the
// authenticator's code (totp_required), or the enrolment of an authenticator first
// (totp_setup_required) ending with the recovery codes shown once.

type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string }
  | { kind: 'enrol'; challenge: string }
  | { kind: 'recovery'; codes: string[]; session: StaffSession | null };

export interface LoginState {
  /** Set by the password set-up page. */
  passwordSet?: boolean;
  /** Set by signing out: the session still in the cache is on its way out. */
  signedOut?: boolean;
}

export function LoginPage() {
  const { t } = useTranslation('operator');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useQuery(sessionQuery());
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const next = safeNext(params.get('next'));
  useTitle(t('login.submit'));

  // Signed in: the answer's session is kept (without one, the guard reads it again).
  const finish = (signedIn: StaffSession | null | undefined) => {
    if (signedIn) applySession(client, signedIn);
    else client.removeQueries({ queryKey: consoleKeys.all });
    navigate(next, { replace: true });
  };

  const onAnswer = (answer: StaffLoginAnswer) => {
    if (answer.status === 'totp_required' && answer.challenge) return setStep({ kind: 'code', challenge: answer.challenge });
    if (answer.status === 'totp_setup_required' && answer.challenge) return setStep({ kind: 'enrol', challenge: answer.challenge });
    if (answer.recovery_codes?.length) return setStep({ kind: 'recovery', codes: answer.recovery_codes, session: answer.session ?? null });
    finish(answer.session);
  };

  const state = location.state as LoginState | null;
  const signedOut = Boolean(state?.signedOut);
  useEffect(() => {
    if (!signedOut) return;
    applySession(client, null);
    // Once: going back to this entry later must not sign out a new session.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [signedOut, client, navigate, location.pathname, location.search]);

  if (session.data && step.kind === 'password' && !signedOut) return <Navigate to={next} replace />;

  const restart = (
    <Button variant="ghost" onClick={() => setStep({ kind: 'password' })}>
      {t('login.startAgain')}
    </Button>
  );

  return (
    <AuthFrame>
      {step.kind === 'password' && (
        <PasswordStep
          email={params.get('email') ?? ''}
          passwordSet={Boolean(state?.passwordSet)}
          onAnswer={onAnswer}
        />
      )}
      {step.kind === 'code' && (
        <>
          <StepHeading>{t('login.totpTitle')}</StepHeading>
          <p className={styles.intro}>{t('login.totpIntro')}</p>
          <CodeForm
            recovery
            submitLabel={t('login.confirm')}
            send={(code) => sendTotp({ challenge: step.challenge, code })}
            onAnswer={onAnswer}
            extra={restart}
          />
        </>
      )}
      {step.kind === 'enrol' && <TotpEnrol challenge={step.challenge} onAnswer={onAnswer} extra={restart} />}
      {step.kind === 'recovery' && <RecoveryCodes codes={step.codes} onDone={() => finish(step.session)} />}
    </AuthFrame>
  );
}

function PasswordStep({ email: initialEmail, passwordSet, onAnswer }: { email: string; passwordSet: boolean; onAnswer: (a: StaffLoginAnswer) => void }) {
  const { t } = useTranslation('operator');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const mutation = useMutation({ mutationFn: login, onSuccess: onAnswer, meta: keepsSession });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const gaps = { email: !email.trim(), password: !password };
    setMissing(gaps);
    if (gaps.email || gaps.password) return;
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <>
      <StepHeading focus={false}>{t('login.title')}</StepHeading>
      <p className={styles.intro}>{t('login.intro')}</p>
      {passwordSet && (
        <p className={styles.note} role="status">
          {t('login.passwordSet')}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={missing.email ? t('login.required') : null}
          maxLength={254}
          required
          autoFocus={!initialEmail}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={missing.password ? t('login.required') : null}
          maxLength={200}
          required
          autoFocus={Boolean(initialEmail)}
        />
        <FormError message={mutation.error ? errorText(t, mutation.error) : null} />
        <Button type="submit" disabled={mutation.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </>
  );
}
