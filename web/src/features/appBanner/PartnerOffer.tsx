import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonAnchor, Button, Modal } from '@/shared/ui';
import { OFFER_TEXTS, offerLanguage } from './offerTexts';
import styles from './PartnerOffer.module.css';

/**
 * The bank-app partner's full-screen offer, in two steps: the offer, then how to get it in
 * the app. Declining or closing at either step is the banner's skip (skipApp=1).
 */
export function PartnerOffer({ openHref, onSkip }: { openHref: string; onSkip: () => void }) {
  const { i18n } = useTranslation();
  const lang = offerLanguage(i18n.language);
  const texts = OFFER_TEXTS[lang];
  const [step, setStep] = useState<1 | 2>(1);

  return (
    <Modal title={step === 1 ? texts.offerTitle : texts.installTitle} onClose={onSkip} size="page" name="app_offer">
      <div className={styles.offer} lang={lang} data-step={step}>
        {step === 1 ? (
          <>
            <p className={styles.price}>{texts.offerPrice}</p>
            <ul className={styles.benefits}>
              {texts.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <div className={styles.actions}>
              <Button onClick={() => setStep(2)} data-autofocus="">
                {texts.accept}
              </Button>
              <Button variant="secondary" onClick={onSkip}>
                {texts.decline}
              </Button>
            </div>
          </>
        ) : (
          <>
            <ol className={styles.steps}>
              {texts.installSteps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            <div className={styles.actions}>
              <ButtonAnchor href={openHref} data-autofocus="">
                {texts.install}
              </ButtonAnchor>
              <Button variant="secondary" onClick={onSkip}>
                {texts.stay}
              </Button>
            </div>
          </>
        )}
        <p className={styles.stepOf} aria-hidden="true">
          {step} / 2
        </p>
      </div>
    </Modal>
  );
}
