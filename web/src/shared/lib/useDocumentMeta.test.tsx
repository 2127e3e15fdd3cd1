import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentMeta, type DocumentMeta } from './useDocumentMeta';

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

  it('follows changes of the values', () => {
    const page = render(<Page title="A" />);
    page.rerender(<Page title="B" />);
    expect(document.title).toBe('B');
  });
});
