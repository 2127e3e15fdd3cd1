// Legal texts: the user agreement and the privacy policy (modal pages), and the
// operator's information pages (/terms, /faq).
export { LegalText, splitParagraphs, legalUrl } from './LegalText';
export type { LegalKind } from './LegalText';
export { InfoPage } from './InfoPage';
export type { InfoKind } from './InfoPage';
