import type { InstallGuide } from './devices';
import styles from './install.module.css';

/** A device's steps: HTML the server made safe (no raw HTML, only safe link and picture addresses). */
export function GuideText({ guide, labelledBy }: { guide: InstallGuide; labelledBy?: string }) {
  return (
    <article
      className={styles.text}
      lang={guide.lang}
      aria-labelledby={labelledBy}
      data-guide={guide.device}
      // Made safe by the server (see the contract of GET /v2/install/devices).
      dangerouslySetInnerHTML={{ __html: guide.html }}
    />
  );
}
