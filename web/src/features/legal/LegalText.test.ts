import { describe, expect, it } from 'vitest';
import { legalUrl, splitParagraphs } from './LegalText';

describe('legal texts', () => {
  it('splits plain text into paragraphs at blank lines', () => {
    expect(splitParagraphs('Title\r\n\r\nFirst line\nsame paragraph\n  \nLast\n\n\n')).toEqual(['Title', 'First line\nsame paragraph', 'Last']);
    expect(splitParagraphs('')).toEqual([]);
  });

  it('takes the address from network data, else the server default', () => {
    const network = { agreement_url: '/v2/texts/agreement?provider=alma', privacy_url: '/v2/texts/privacy?provider=alma' };
    expect(legalUrl('agreement', network)).toBe('/v2/texts/agreement?provider=alma');
    expect(legalUrl('privacy', network)).toBe('/v2/texts/privacy?provider=alma');
    expect(legalUrl('privacy', null)).toBe('/v2/texts/privacy');
  });
});
