// Settings area (spec access-and-identity 2 "Settings area"): the /settings modal page
// with its start view and sections, and the personal account pages /lk and /lk_parental.
export { SettingsPage } from './SettingsPage';
export { LkPage, LkParentalPage } from './LkPage';
export { SETTINGS_SECTIONS, visibleSections, isSettingsSection } from './sections';
export type { SettingsSection } from './sections';
