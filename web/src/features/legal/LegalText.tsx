import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch, isApiError, useNetwork } from '@/shared/api';
import { Button, Spinner } from '@/shared/ui';
import styles from './LegalText.module.css';

export type LegalKind = 'agreement' | 'privacy';

/** Plain text from the server: paragraphs separated by blank lines. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The address of a text: network agreement_url / privacy_url (the server's default before network data). */
export function legalUrl(kind: LegalKind, network?: { agreement_url: string; privacy_url: string } | null): string {
  const fromNetwork = network ? (kind === 'agreement' ? network.agreement_url : network.privacy_url) : '';
  return fromNetwork || `/v2/texts/${kind}`;
}

async function fetchText(url: string, language: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(url, { signal, headers: { Accept: 'text/plain', 'Accept-Language': language } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.text();
}

/**
 * The operator's privacy policy written in the console (HTML made safe by the server), for
 * the operator the text's address names; null when it wrote none.
 */
async function fetchOperatorPage(url: string, signal: AbortSignal): Promise<string | null> {
  const provider = new URL(url, window.location.origin).searchParams.get('provider');
  try {
    const page = await apiFetch<{ html: string }>('/pages/privacy', { auth: false, signal, query: provider ? { provider } : undefined });
    return page.html;
  } catch (e) {
    if (isApiError(e) && e.status === 404) return null;
    throw e;
  }
}

type Loaded = { html: string } | { text: string };

async function load(kind: LegalKind, url: string, language: string, signal: AbortSignal): Promise<Loaded> {
  const html = kind === 'privacy' ? await fetchOperatorPage(url, signal) : null;
  return html !== null ? { html } : { text: await fetchText(url, language, signal) };
}

/** /agreement and /privacy (modal pages): the texts at the addresses in network data. */
export function LegalText({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation();
  const network = useNetwork();
  const url = legalUrl(kind, network.data);
  const { data, isPending, isError, refetch, isFetching } = useQuery({
    queryKey: ['legal', kind, url, i18n.language],
    queryFn: ({ signal }) => load(kind, url, i18n.language, signal),
    enabled: !network.isPending,
    staleTime: 300_000,
  });

  if (isError) {
    return (
      <div className={styles.error} role="alert">
        <p>{t('legal.unavailable')}</p>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          {t('legal.retry')}
        </Button>
      </div>
    );
  }
  if (isPending) return <Spinner label={t('app.loading')} />;
  // Made safe by the server (see the contract of GET /v2/pages/{kind}).
  if ('html' in data) return <article className={styles.html} dangerouslySetInnerHTML={{ __html: data.html }} />;
  const paragraphs = splitParagraphs(data.text);
  return (
    <article className={styles.text}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </article>
  );
}
