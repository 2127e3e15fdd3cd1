import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, Field, focusableIn, FormError, Spinner } from '@/shared/ui';
import { canSubmitPromo, PROMO_KEY_MAX_LENGTH } from './rules/promoKey';
import { PromoGiftList } from './PromoGiftList';
import type { PromoFlow } from './usePromoFlow';
import styles from './Promo.module.css';

interface Props {
  flow: PromoFlow;
  /** The dialog's close; a page has none and offers a way on instead. */
  onClose?: () => void;
  /** The label of the code field ('Promo code', 'Gift code'). */
  fieldLabel?: string;
}

/** The four steps of spec 4 "Promo code flow", the same in the dialogs and on the pages. */
export function PromoFlowView(props: Props) {
  const step = props.flow.state.step;
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  // The control that moved the flow on is gone with its step: the new step's first control takes the focus.
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const box = ref.current;
    if (box) (focusableIn(box)[0] ?? box).focus();
  }, [step]);
  return (
    <div ref={ref} tabIndex={-1} className={styles.flow}>
      <Step {...props} />
    </div>
  );
}

function Step({ flow, onClose, fieldLabel }: Props): ReactNode {
  const { t } = useTranslation();
  const { state } = flow;
  const statusId = useId();

  switch (state.step) {
    case 'enter': {
      const submit = (e: FormEvent) => {
        e.preventDefault();
        flow.submit();
      };
      return (
        <form className={styles.form} onSubmit={submit} noValidate data-step="enter">
          <Field
            label={fieldLabel ?? t('promo.codeLabel')}
            value={state.key}
            maxLength={PROMO_KEY_MAX_LENGTH}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus=""
            onChange={(e) => flow.setKey(e.target.value)}
          />
          <FormError message={state.error} />
          <div className={styles.buttons}>
            <Button type="submit" disabled={!canSubmitPromo(state.key, state.busy)} aria-describedby={state.busy ? statusId : undefined}>
              {t('promo.activate')}
            </Button>
          </div>
          {state.busy && (
            <p id={statusId} role="status" className={styles.muted}>
              {t('promo.checking')}
            </p>
          )}
        </form>
      );
    }
    case 'login':
      return (
        <div className={styles.step} data-step="login">
          <p>{t('promo.signInText', { key: state.key })}</p>
          <div className={styles.buttons}>
            <Button onClick={flow.signIn}>{t('promo.signIn')}</Button>
            <Button variant="secondary" onClick={flow.restart}>
              {t('app.back')}
            </Button>
          </div>
        </div>
      );
    case 'card':
      return (
        <div className={styles.step} data-step="card">
          {state.cardWaiting ? (
            <Spinner label={t('promo.cardWaiting')} />
          ) : state.cardFailed ? (
            <>
              <FormError message={t('promo.cardLinkFailure')} />
              <div className={styles.buttons}>
                {onClose ? (
                  <Button onClick={onClose}>{t('app.close')}</Button>
                ) : (
                  <Button onClick={flow.restart}>{t('app.close')}</Button>
                )}
              </div>
            </>
          ) : (
            <>
              <p>{t('promo.cardNeeded')}</p>
              {state.promo?.needed_refund && <p className={styles.muted}>{t('promo.cardRefund')}</p>}
              <div className={styles.buttons}>
                <Button onClick={flow.linkCard}>{t('promo.linkCard')}</Button>
                <Button variant="secondary" onClick={flow.restart}>
                  {t('app.back')}
                </Button>
              </div>
            </>
          )}
        </div>
      );
    case 'confirm': {
      const promo = state.promo;
      return (
        <div className={styles.step} data-step="confirm">
          <p className={styles.confirmTitle}>{promo?.confirmation_title || t('promo.confirmTitle')}</p>
          {promo?.confirmation_text && <p>{promo.confirmation_text}</p>}
          {promo && <PromoGiftList promo={promo} />}
          {promo?.confirmation_desc && <p className={styles.muted}>{promo.confirmation_desc}</p>}
          <FormError message={state.error} />
          <div className={styles.buttons}>
            <Button onClick={flow.confirm} disabled={state.busy}>
              {t('app.confirm')}
            </Button>
            <Button variant="secondary" onClick={flow.restart} disabled={state.busy}>
              {t('app.cancel')}
            </Button>
          </div>
        </div>
      );
    }
    case 'success':
      return (
        <div className={styles.step} data-step="success" role="status">
          <p className={styles.success}>{t('promo.success')}</p>
          {state.promo && <PromoGiftList promo={state.promo} />}
          {state.promo?.description && <p className={styles.muted}>{state.promo.description}</p>}
          <div className={styles.buttons}>
            {onClose ? <Button onClick={onClose}>{t('app.close')}</Button> : <ButtonLink to="/">{t('promo.toWatching')}</ButtonLink>}
          </div>
        </div>
      );
  }
}
