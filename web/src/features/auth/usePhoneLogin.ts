import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/shared/api';
import {
  almaConfirmOtp,
  almaCities,
  almaSendOtp,
  almaSetAddress,
  almaSetCity,
  confirmOtp,
  getSendMethods,
  sendLoginCode,
  telegramLink,
  type AlmaAddress,
  type City,
} from './api';
import { authErrorMessage } from './authErrors';
import { RESEND_SECONDS, waitSeconds } from './code';
import { fullPhone, isValidPhone, type PhoneMask } from '@/shared/lib/phoneMask';
import { almaMaySend } from './phone';
import { useFinishLogin } from './useFinishLogin';

// The phone + one-time-code sign-in of spec 4 as a small state machine:
// phone -> code -> (Alma: city -> address) -> logged in.

export type PhoneStepName =
  | { name: 'phone' }
  | { name: 'code' }
  | { name: 'city'; mwat: string; cities: City[] }
  | { name: 'address'; mwat: string; addresses: AlmaAddress[] };

export interface PhoneLoginOptions {
  mask: PhoneMask;
  alma: boolean;
  onLoggedIn: () => void;
}

export function usePhoneLogin({ mask, alma, onLoggedIn }: PhoneLoginOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishLogin(onLoggedIn);
  const [step, setStep] = useState<PhoneStepName>({ name: 'phone' });
  const [subscriber, setSubscriber] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** When the code may be sent again (ms since epoch). */
  const [resendAt, setResendAt] = useState<number | null>(null);
  /** 429 on the phone step: no new try before this moment. */
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const [telegram, setTelegram] = useState<string | null>(null);
  const phone = fullPhone(subscriber, mask);
  const hideTelegram = useCallback(() => setTelegram(null), []);

  const fail = useCallback(
    (e: unknown, onWait: (until: number) => void) => {
      if (e instanceof ApiError && e.type === 'rate_limited') {
        onWait(Date.now() + waitSeconds(e.detail) * 1000);
        setError(null);
        return;
      }
      setError(authErrorMessage(t, e));
      if (e instanceof ApiError && e.status === 403 && e.type === 'forbidden_country') {
        navigate('/geo_lock', { replace: true });
      }
    },
    [navigate, t],
  );

  async function deliver(): Promise<void> {
    if (alma) {
      await almaSendOtp(phone);
      return;
    }
    const methods = await getSendMethods(phone).catch(() => null);
    await sendLoginCode(phone);
    setTelegram(telegramLink(methods));
  }

  async function submitPhone() {
    setError(null);
    if (!isValidPhone(phone, mask)) {
      setPhoneError(t('errors.wrongPhone'));
      return;
    }
    setPhoneError(null);
    if (alma && !almaMaySend(phone)) {
      // Spec 5: the Alma flow moves on to the code step without a server call.
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
      setStep({ name: 'code' });
      return;
    }
    setPending(true);
    try {
      await deliver();
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
      setBlockedUntil(null);
      setStep({ name: 'code' });
    } catch (e) {
      fail(e, setBlockedUntil);
    } finally {
      setPending(false);
    }
  }

  async function resend() {
    setError(null);
    setPending(true);
    try {
      await deliver();
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
    } catch (e) {
      fail(e, setResendAt);
    } finally {
      setPending(false);
    }
  }

  async function submitCode(code: string) {
    setError(null);
    setPending(true);
    try {
      if (alma) {
        const res = await almaConfirmOtp(phone, code);
        const cities = res.cities.length > 0 ? res.cities : await almaCities(res.mwat);
        setStep({ name: 'city', mwat: res.mwat, cities });
      } else {
        await finish(await confirmOtp(phone, code));
      }
    } catch (e) {
      fail(e, setResendAt);
    } finally {
      setPending(false);
    }
  }

  async function chooseCity(cityId: number) {
    if (step.name !== 'city') return;
    setError(null);
    setPending(true);
    try {
      const res = await almaSetCity(step.mwat, cityId);
      setStep({ name: 'address', mwat: res.mwat, addresses: res.addresses });
    } catch (e) {
      fail(e, setResendAt);
    } finally {
      setPending(false);
    }
  }

  async function chooseAddress(address: AlmaAddress) {
    if (step.name !== 'address') return;
    setError(null);
    setPending(true);
    try {
      await finish(await almaSetAddress(step.mwat, address));
    } catch (e) {
      fail(e, setResendAt);
    } finally {
      setPending(false);
    }
  }

  function changeNumber() {
    setError(null);
    setTelegram(null);
    setStep({ name: 'phone' });
  }

  return {
    step,
    phone,
    subscriber,
    setSubscriber: (v: string) => {
      setSubscriber(v);
      setPhoneError(null);
    },
    phoneError,
    error,
    pending,
    resendAt,
    blockedUntil,
    telegram,
    hideTelegram,
    submitPhone,
    resend,
    submitCode,
    chooseCity,
    chooseAddress,
    changeNumber,
  };
}

export type PhoneLogin = ReturnType<typeof usePhoneLogin>;
