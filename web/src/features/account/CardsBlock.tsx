import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Badge, Button, FormError, Modal, Spinner } from '@/shared/ui';
import { accountKeys, cardsQuery, deleteCard, makeCardPrimary } from './api';
import type { Card } from './types';
import styles from './Account.module.css';

/** Linked cards: masked number, brand, the primary one marked; make primary, delete after a confirmation. */
export function CardsBlock() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { open } = useModalNavigation();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery(cardsQuery(token));
  const [deleting, setDeleting] = useState<Card | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function change(card: Card, call: () => Promise<unknown>) {
    setBusyId(card.id);
    setError(null);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: accountKeys.cards(token) });
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusyId(null);
    }
  }

  const cardName = (c: Card) => [c.brand, c.number].filter(Boolean).join(' ');

  return (
    <section aria-labelledby="payment-cards" className={styles.card}>
      <h4 id="payment-cards" className={styles.cardTitle}>
        {t('account.cards')}
      </h4>
      <FormError message={error} />
      {isPending ? (
        <Spinner label={t('app.loading')} />
      ) : isError ? (
        <FormError message={t('errors.unknown')} />
      ) : data.length === 0 ? (
        <p className={styles.muted}>{t('account.noLinkedCards')}</p>
      ) : (
        <ul className={styles.list}>
          {data.map((c) => (
            <li key={c.id} className={styles.item}>
              <div className={styles.itemText}>
                <span className={styles.itemTitle}>
                  <strong dir="ltr">{c.number}</strong>
                  {c.is_primary && <Badge>{t('account.primaryCard')}</Badge>}
                </span>
                {c.brand && <span className={styles.muted}>{c.brand}</span>}
              </div>
              <div className={styles.itemActions}>
                {!c.is_primary && (
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={busyId === c.id}
                    aria-label={t('account.makePrimaryNamed', { name: cardName(c) })}
                    onClick={() => void change(c, () => makeCardPrimary(c.id))}
                  >
                    {t('account.makePrimary')}
                  </Button>
                )}
                <Button size="small" variant="secondary" disabled={busyId === c.id} aria-label={t('account.deleteCardNamed', { name: cardName(c) })} onClick={() => setDeleting(c)}>
                  {t('account.deleteCard')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="secondary" onClick={() => open('card')}>
          {t('account.linkCard')}
        </Button>
      </div>
      {deleting && (
        <Modal title={t('account.deleteCardTitle')} onClose={() => setDeleting(null)} name="confirm-card-delete">
          <p className={styles.muted}>{t('account.deleteCardText', { name: cardName(deleting) })}</p>
          <div className={styles.dialogButtons}>
            <Button
              onClick={() => {
                const card = deleting;
                setDeleting(null);
                void change(card, () => deleteCard(card.id));
              }}
            >
              {t('account.deleteCardYes')}
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('app.cancel')}
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
