import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch, isApiError, useBrandName, useSupportContacts } from '@/shared/api';
import { Button, ButtonLink, Spinner } from '@/shared/ui';
import styles from './InfoPage.module.css';

// /terms and /faq: the operator's pages, written in Markdown in the operator console and
// served as HTML the server made safe (no raw HTML, only safe link addresses). An operator
// that has not written a page shows the page's short description.

export type InfoKind = 'terms' | 'faq';

interface ViewerPage {
  kind: string;
  lang: string;
  html: string;
  updated_at: number;
}

const missing = (e: unknown) => isApiError(e) && e.status === 404;

export function InfoPage({ kind }: { kind: InfoKind }) {
  const { t, i18n } = useTranslation();
  const brand = useBrandName();
  const { data, error, isPending, refetch, isFetching } = useQuery({
    queryKey: ['pages', kind, i18n.language],
    queryFn: ({ signal }) => apiFetch<ViewerPage>(`/pages/${kind}`, { auth: false, signal }),
    staleTime: 60_000,
    retry: (count, e) => !missing(e) && count < 2,
  });
  const titleId = `${kind}-title`;
  return (
    <section className={styles.page} aria-labelledby={titleId} data-section={kind}>
      <p className={styles.eyebrow}>{brand}</p>
      <h1 id={titleId}>{t(`sections.${kind}.title`)}</h1>
      {isPending ? (
        <Spinner label={t('app.loading')} />
      ) : data ? (
        // Made safe by the server (see the contract of GET /v2/pages/{kind}).
        <article className={styles.text} lang={data.lang} dangerouslySetInnerHTML={{ __html: data.html }} />
      ) : missing(error) ? (
        <>
          <p className={styles.lead}>{t(`sections.${kind}.text`)}</p>
          <ButtonLink to="/" variant="secondary">
            {t('app.toHome')}
          </ButtonLink>
        </>
      ) : (
        <div className={styles.error} role="alert">
          <p>{t('legal.unavailable')}</p>
          <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
            {t('legal.retry')}
          </Button>
        </div>
      )}
      {kind === 'faq' && <SupportLine />}
    </section>
  );
}

/** Under the FAQ: how to reach the support when the answer is not there (messengers too). */
function SupportLine() {
  const { t } = useTranslation();
  const contacts = useSupportContacts();
  // Read here rather than through the brand feature: sharing that module with the start-up
  // code would split the home route's chunks.
  const brand = useQuery({
    queryKey: ['brand'],
    queryFn: ({ signal }) => apiFetch<{ messengers: { name: string; url: string }[] }>('/platform/brand', { auth: false, signal }),
    staleTime: 60_000,
    retry: false,
  });
  const links: { label: string; href: string }[] = [];
  if (contacts?.phone) links.push({ label: contacts.phone, href: `tel:${contacts.phone.replace(/[^\d+]/g, '')}` });
  if (contacts?.email) links.push({ label: contacts.email, href: `mailto:${contacts.email}` });
  for (const m of brand.data?.messengers ?? []) if (SAFE_LINK.test(m.url)) links.push({ label: m.name, href: m.url });
  if (links.length === 0) return null;
  return (
    <p className={styles.support}>
      {t('footer.support')}:{' '}
      {links.map((l, i) => (
        <span key={l.href}>
          {i > 0 && ', '}
          <a href={l.href} rel={/^https?:/.test(l.href) ? 'noopener noreferrer' : undefined}>
            {l.label}
          </a>
        </span>
      ))}
    </p>
  );
}

/** The addresses the server accepts for messenger links (checked again: they become links). */
const SAFE_LINK = /^(https?:\/\/|tg:|viber:|whatsapp:)/i;
