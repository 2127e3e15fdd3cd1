// Legal texts: the user agreement and the privacy policy (modal pages).
export { LegalText, splitParagraphs, legalUrl } from './LegalText';
export type { LegalKind } from './LegalText';
