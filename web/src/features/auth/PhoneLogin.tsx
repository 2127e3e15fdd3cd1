import { useTranslation } from 'react-i18next';
import { AlmaPicker } from './AlmaPicker';
import { CodeStep } from './CodeStep';
import { PhoneStep } from './PhoneStep';
import type { PhoneMask } from '@/shared/lib/phoneMask';
import { usePhoneLogin } from './usePhoneLogin';

/** Phone + one-time-code sign-in, with the Alma city and address steps when the operator needs them. */
export function PhoneLogin({
  mask,
  codeLength,
  alma,
  languages,
  onLoggedIn,
}: {
  mask: PhoneMask;
  codeLength: number;
  alma: boolean;
  languages: readonly string[];
  onLoggedIn: () => void;
}) {
  const { t } = useTranslation();
  const flow = usePhoneLogin({ mask, alma, onLoggedIn });
  const { step } = flow;

  if (step.name === 'phone') return <PhoneStep flow={flow} mask={mask} languages={languages} />;
  if (step.name === 'code') return <CodeStep flow={flow} mask={mask} length={codeLength} />;
  if (step.name === 'city') {
    return (
      <AlmaPicker
        key="city"
        legend={t('auth.alma.city')}
        options={step.cities.map((c) => ({ key: String(c.id), label: c.name }))}
        error={flow.error}
        pending={flow.pending}
        onChoose={(key) => void flow.chooseCity(Number(key))}
        onBack={flow.changeNumber}
      />
    );
  }
  return (
    <AlmaPicker
      key="address"
      legend={t('auth.alma.address')}
      options={step.addresses.map((a) => ({ key: String(a.address_id), label: a.address }))}
      error={flow.error}
      pending={flow.pending}
      onChoose={(key) => {
        const address = step.addresses.find((a) => String(a.address_id) === key);
        if (address) void flow.chooseAddress(address);
      }}
      onBack={flow.changeNumber}
    />
  );
}
