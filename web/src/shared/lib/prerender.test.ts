import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPrerender, isPrerenderAgent } from './prerender';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('isPrerenderAgent', () => {
  it('knows the renderers of search engines and prerender services', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; YandexRenderResourcesBot/1.0)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      `${CHROME} Prerender (+https://github.com/prerender/prerender)`,
    ]) {
      expect(isPrerenderAgent(ua), ua).toBe(true);
    }
  });

  it('leaves viewers alone, the Yandex app and Yandex Browser included', () => {
    for (const ua of [
      CHROME,
      `${CHROME} YaBrowser/25.2.0.0 Yowser/2.5`,
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36 YandexSearch/25.10',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    ]) {
      expect(isPrerenderAgent(ua), ua).toBe(false);
    }
  });
});

describe('isPrerender', () => {
  it('reads the user agent and the ?prerender=1 flag', () => {
    expect(isPrerender()).toBe(false);
    window.history.replaceState(null, '', '/movies?prerender=1');
    expect(isPrerender()).toBe(true);
    window.history.replaceState(null, '', '/movies?prerender=0');
    expect(isPrerender()).toBe(false);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1)');
    expect(isPrerender()).toBe(true);
  });
});
