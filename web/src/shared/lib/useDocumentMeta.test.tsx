import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentMetaLayer, seoTextsOf, useDocumentMeta, type DocumentMeta } from './useDocumentMeta';

function Page(props: DocumentMeta) {
  useDocumentMeta(props);
  return null;
}

const content = (sel: string, attr = 'content') => document.head.querySelector(sel)?.getAttribute(attr) ?? null;

describe('useDocumentMeta', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.title = '';
  });

  it('sets the title and tags and restores the server-written ones', () => {
    document.head.innerHTML = '<meta name="description" content="server description"><link rel="canonical" href="https://x.test/a">';
    document.title = 'Server title';
    const page = render(<Page title="Матрица снов" description="Сон во сне" canonical="/contents/matrica-snov-1" noindex />);
    expect(document.title).toBe('Матрица снов');
    expect(content('meta[name="description"]')).toBe('Сон во сне');
    expect(content('meta[property="og:title"]')).toBe('Матрица снов');
    expect(content('meta[name="robots"]')).toBe('noindex');
    expect(content('link[rel="canonical"]', 'href')).toBe(`${window.location.origin}/contents/matrica-snov-1`);
    page.unmount();
    expect(document.title).toBe('Server title');
    expect(content('meta[name="description"]')).toBe('server description');
    expect(content('link[rel="canonical"]', 'href')).toBe('https://x.test/a');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
  });

  it('restores in order when a modal page closes over a page', () => {
    document.title = 'App';
    const page = render(<Page title="Фильмы" />);
    const modal = render(<Page title="Матрица снов" />);
    expect(document.title).toBe('Матрица снов');
    modal.unmount();
    expect(document.title).toBe('Фильмы');
    page.unmount();
    expect(document.title).toBe('App');
  });

  it('keeps the title of the modal page when the page below updates later, and gives it back on close', () => {
    document.title = 'App';
    const page = render(<Page title="Фильмы" description="Каталог" />);
    const modal = render(<Page title="Матрица снов" />);
    // The page below finishes loading after the modal page opened.
    page.rerender(<Page title="Фильмы — все жанры" description="Все фильмы" noindex />);
    expect(document.title).toBe('Матрица снов');
    expect(content('meta[property="og:title"]')).toBe('Матрица снов');
    // What the modal page does not set is the page's.
    expect(content('meta[name="description"]')).toBe('Все фильмы');
    expect(content('meta[name="robots"]')).toBe('noindex');
    modal.unmount();
    expect(document.title).toBe('Фильмы — все жанры');
    expect(content('meta[property="og:title"]')).toBe('Фильмы — все жанры');
    page.unmount();
    expect(document.title).toBe('App');
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('lets the modal layer win over a page that mounts its meta after it', () => {
    document.title = 'App';
    const modal = render(
      <DocumentMetaLayer>
        <Page title="Матрица снов" noindex />
      </DocumentMetaLayer>,
    );
    // The page's rows arrive later and mount their meta last.
    const page = render(<Page title="Главная" noindex={false} />);
    expect(document.title).toBe('Матрица снов');
    expect(content('meta[name="robots"]')).toBe('noindex');
    modal.unmount();
    expect(document.title).toBe('Главная');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    page.unmount();
    expect(document.title).toBe('App');
  });

  it('shows the page below until the modal page has a title of its own', () => {
    const page = render(<Page title="Фильмы" />);
    const modal = render(<Page title={undefined} />);
    expect(document.title).toBe('Фильмы');
    modal.rerender(<Page title="Матрица снов" />);
    expect(document.title).toBe('Матрица снов');
    modal.unmount();
    page.unmount();
  });

  it('follows changes of the values', () => {
    const page = render(<Page title="A" />);
    page.rerender(<Page title="B" />);
    expect(document.title).toBe('B');
  });
});

describe('seoTextsOf', () => {
  const masks = [
    { page_type: '/contents/*', text_type: 'title' as const, value: '{name}: смотреть онлайн — Efir' },
    { page_type: '/contents/*', text_type: 'h1' as const, value: '{name}' },
    { page_type: '/channels', text_type: 'title' as const, value: 'Телеканалы' },
  ];

  it('gathers the texts of one page type and fills in the name', () => {
    expect(seoTextsOf(masks, '/contents/*', 'Матрица снов')).toEqual({
      title: 'Матрица снов: смотреть онлайн — Efir',
      description: '',
      h1: 'Матрица снов',
    });
  });

  it('is null for a page type without texts', () => {
    expect(seoTextsOf(masks, '/persons/*')).toBeNull();
  });
});
