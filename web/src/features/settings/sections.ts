// Sections of the settings area (spec access-and-identity 2 "Settings area").

export const SETTINGS_SECTIONS = ['account', 'subscriptions', 'payment', 'profiles', 'parental', 'info', 'language', 'devices'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const LANGUAGE_PAGES = ['interface', 'audiotracks', 'texttracks'] as const;
export type LanguagePage = (typeof LANGUAGE_PAGES)[number];

export interface SectionVisibility {
  paymentAllowed: boolean;
  hasPaySystems: boolean;
  hasLanguages: boolean;
}

/** Payment only when payment is allowed and pay systems exist; language only when languages exist. */
export function visibleSections(v: SectionVisibility): SettingsSection[] {
  return SETTINGS_SECTIONS.filter((s) => {
    if (s === 'payment') return v.paymentAllowed && v.hasPaySystems;
    if (s === 'language') return v.hasLanguages;
    return true;
  });
}

export function isSettingsSection(value: string | undefined): value is SettingsSection {
  return value !== undefined && (SETTINGS_SECTIONS as readonly string[]).includes(value);
}
