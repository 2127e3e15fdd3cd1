import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { InlineConfirm, StatusNote } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { formatDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { TextField } from '../ui/TextField';
import { integrationKeys, issueToken, revokeToken, tokensQuery, type ApiToken, type IssuedApiToken, type TokenFields } from './api';
import { SecretPanel } from './SecretPanel';

const limit = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** Provider API tokens: the list, issuing one (shown once) and revoking. */
export function TokensSection() {
  const { t, i18n } = useTranslation('operator-integrations');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const list = useQuery(tokensQuery());
  const [fields, setFields] = useState({ name: '', second: '', hour: '', day: '' });
  const [issued, setIssued] = useState<IssuedApiToken | null>(null);
  const [note, setNote] = useState('');
  const issue = useMutation({
    mutationFn: (body: TokenFields) => issueToken(body),
    onSuccess: (tok) => {
      setIssued(tok);
      setFields({ name: '', second: '', hour: '', day: '' });
      void client.invalidateQueries({ queryKey: integrationKeys.tokens() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    issue.mutate({ name: fields.name, per_second: limit(fields.second), per_hour: limit(fields.hour), per_day: limit(fields.day) });
  };
  const detail = (field: string) => {
    const err = issue.error as { detail?: Record<string, string> } | null;
    return err?.detail?.[field] ?? null;
  };

  return (
    <section className={styles.section} aria-labelledby="integrations-tokens">
      <h2 id="integrations-tokens">{t('tokens.heading')}</h2>
      <p className={styles.muted}>{t('tokens.intro')}</p>
      <form className={styles.panel} onSubmit={submit} aria-labelledby="integrations-issue">
        <h3 id="integrations-issue">{t('tokens.issueHeading')}</h3>
        <div className={styles.columns}>
          <TextField label={t('tokens.tokenName')} value={fields.name} required maxLength={100} error={detail('name')}
            onChange={(e) => setFields({ ...fields, name: e.target.value })} />
          <TextField label={t('tokens.perSecond')} hint={t('tokens.limitHint')} type="number" min={1} max={1000} inputMode="numeric"
            value={fields.second} error={detail('per_second')} onChange={(e) => setFields({ ...fields, second: e.target.value })} />
          <TextField label={t('tokens.perHour')} hint={t('tokens.limitHint')} type="number" min={1} max={1000000} inputMode="numeric"
            value={fields.hour} error={detail('per_hour')} onChange={(e) => setFields({ ...fields, hour: e.target.value })} />
          <TextField label={t('tokens.perDay')} hint={t('tokens.limitHint')} type="number" min={1} max={10000000} inputMode="numeric"
            value={fields.day} error={detail('per_day')} onChange={(e) => setFields({ ...fields, day: e.target.value })} />
        </div>
        {issue.error && (
          <p role="alert" className={styles.errorText}>
            {errorText(tc, issue.error)}
          </p>
        )}
        <Button type="submit" aria-disabled={issue.isPending || undefined}>
          {t('tokens.issue')}
        </Button>
      </form>
      {issued && (
        <SecretPanel
          heading={t('tokens.issuedHeading', { name: issued.name })}
          note={t('tokens.issuedNote')}
          label={t('tokens.tokenLabel')}
          value={issued.token}
          onClose={() => setIssued(null)}
        />
      )}
      <StatusNote text={note} />
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('tokens.empty')}</p>
      ) : (
        <TableFrame label={t('tokens.caption')}>
          <table className={styles.table}>
            <caption>{t('tokens.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tokens.name')}</th>
                <th scope="col">{t('tokens.limits')}</th>
                <th scope="col">{t('tokens.created')}</th>
                <th scope="col">{t('tokens.lastUsed')}</th>
                <th scope="col">{t('tokens.status')}</th>
                <th scope="col">{t('tokens.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((tok) => (
                <TokenRow key={tok.id} token={tok} lng={i18n.language} onRevoked={() => setNote(t('tokens.revokedNote', { name: tok.name }))} />
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

function TokenRow({ token, lng, onRevoked }: { token: ApiToken; lng: string; onRevoked: () => void }) {
  const { t } = useTranslation('operator-integrations');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeToken(token.id),
    onSuccess: () => {
      setAsking(false);
      onRevoked();
      void client.invalidateQueries({ queryKey: integrationKeys.tokens() });
    },
  });
  const nf = new Intl.NumberFormat(lng);
  return (
    <tr>
      <th scope="row">
        {token.name}
        {token.created_by && <span className={`${styles.small} ${styles.muted}`}> {t('tokens.issuedBy', { email: token.created_by })}</span>}
      </th>
      <td>{t('tokens.limitsValue', { second: nf.format(token.per_second), hour: nf.format(token.per_hour), day: nf.format(token.per_day) })}</td>
      <td className={styles.nowrap}>{formatDateTime(token.created_at, lng)}</td>
      <td className={styles.nowrap}>{formatDateTime(token.last_used_at, lng) ?? tc('common.never')}</td>
      <td>{token.revoked_at ? t('tokens.revokedAt', { date: formatDateTime(token.revoked_at, lng) }) : t('tokens.active')}</td>
      <td>
        {!token.revoked_at &&
          (asking ? (
            <InlineConfirm
              label={t('tokens.revokeLabel', { name: token.name })}
              question={t('tokens.revokeQuestion', { name: token.name })}
              action={t('tokens.revoke')}
              busy={revoke.isPending}
              error={revoke.error ? errorText(tc, revoke.error) : null}
              onConfirm={() => revoke.mutate()}
              onCancel={() => setAsking(false)}
            />
          ) : (
            <Button size="small" variant="secondary" aria-label={t('tokens.revokeLabel', { name: token.name })} onClick={() => setAsking(true)}>
              {t('tokens.revoke')}
            </Button>
          ))}
      </td>
    </tr>
  );
}
