import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deviceHint, deviceName, devicePicture, type InstallDevice } from './devices';
import styles from './install.module.css';

/**
 * The devices to choose from: buttons in the dialog (onChoose), links on the /manual page
 * (href). A list, so a screen reader says how many there are.
 */
export function DeviceList({
  devices,
  onChoose,
  href,
  labelledBy,
}: {
  devices: readonly InstallDevice[];
  onChoose?: (device: InstallDevice) => void;
  href?: (device: InstallDevice) => string;
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.devices} aria-labelledby={labelledBy}>
      {devices.map((device) => {
        const body = (
          <>
            <img className={styles.picture} src={devicePicture(device)} alt="" width={96} height={60} loading="lazy" />
            <span className={styles.deviceText}>
              <span className={styles.deviceName}>{deviceName(device, t)}</span>
              <span className={styles.deviceHint}>{deviceHint(device, t)}</span>
            </span>
          </>
        );
        return (
          <li key={device}>
            {href ? (
              <Link className={styles.device} to={href(device)} data-device={device}>
                {body}
              </Link>
            ) : (
              <button type="button" className={styles.device} onClick={() => onChoose?.(device)} data-device={device}>
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
