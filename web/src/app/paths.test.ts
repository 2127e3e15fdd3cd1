// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isChromeless, isFooterHidden, isLoginFreePage, normaliseSearchTerm, pageClassFor, paths } from './paths';

describe('pageClassFor', () => {
  it.each([
    ['/', 'page_home'],
    ['/channels', 'page_channels'],
    ['/channels/all', 'page_channels'],
    ['/channels/all/first-1', 'page_channel'],
    ['/contents/film-12/ep-3', 'page_contents'],
    ['/lk_parental', 'page_lk_parental'],
  ])('%s -> %s', (path, cls) => expect(pageClassFor(path)).toBe(cls));
});

describe('search term', () => {
  it('is trimmed, lower-cased and at most 255 characters', () => {
    expect(normaliseSearchTerm('  Матрица ')).toBe('матрица');
    expect(normaliseSearchTerm('a'.repeat(300))).toHaveLength(255);
    expect(paths.search(' Hello World ')).toBe('/search?q=hello%20world');
  });
});

describe('login-free pages', () => {
  it.each(['/agreement', '/privacy', '/terms', '/faq', '/news', '/news/5', '/provider/demo', '/promo/x', '/packets/3', '/gift', '/app_store', '/account_mobile', '/geo_lock', '/optimal'])(
    '%s does not require login',
    (p) => expect(isLoginFreePage(p)).toBe(true),
  );
  it.each(['/', '/channels', '/contents/x-1', '/settings', '/lk'])('%s requires login in auth-only mode', (p) => {
    expect(isLoginFreePage(p)).toBe(false);
  });
});

describe('chrome', () => {
  it('hides the header on embeds, /promo/lovi and /account_mobile', () => {
    expect(isChromeless('/channel_embed/5')).toBe(true);
    expect(isChromeless('/content_embed/abc-1')).toBe(true);
    expect(isChromeless('/promo/lovi')).toBe(true);
    expect(isChromeless('/account_mobile')).toBe(true);
    expect(isChromeless('/channels')).toBe(false);
  });
  it('hides the footer on /gift too', () => {
    expect(isFooterHidden('/gift')).toBe(true);
    expect(isFooterHidden('/news')).toBe(false);
  });
});
