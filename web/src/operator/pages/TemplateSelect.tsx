import { useTranslation } from 'react-i18next';
import styles from '../ui/console.module.css';
import type { Vocabulary } from './api';

const KNOWN = [
  'content-v',
  'content-h',
  'history-h',
  'history',
  'channel',
  'channels',
  'person',
  'promo-bg',
  'promo-wide',
  'button',
  'branded_button',
  'collection-v',
  'packet_promo',
  'packet_promo_base',
  'donate_packs',
] as const;
type Known = (typeof KNOWN)[number];

/** A row template's name for people (the template's own name for one we do not know). */
export function useTemplateLabel(): (template: string) => string {
  const { t } = useTranslation('operator-pages');
  return (template) => ((KNOWN as readonly string[]).includes(template) ? t(`templates.${template as Known}`) : template);
}

/** The row template field: every template the server knows, by its name for people. */
export function TemplateSelect({ value, onChange, vocabulary }: { value: string; onChange: (v: string) => void; vocabulary: Vocabulary | undefined }) {
  const { t } = useTranslation('operator-pages');
  const label = useTemplateLabel();
  const templates = vocabulary?.templates.map((x) => x.template) ?? [...KNOWN];
  return (
    <label className={styles.control}>
      <span>{t('row.template')}</span>
      <select className={styles.select} value={value} onChange={(e) => onChange(e.target.value)}>
        {(templates.includes(value) ? templates : [value, ...templates]).map((tpl) => (
          <option key={tpl} value={tpl}>
            {label(tpl)}
          </option>
        ))}
      </select>
    </label>
  );
}
