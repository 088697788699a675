import { Link } from 'react-router-dom';
import { HOME_PATH } from '../router/menu-routes';
import { useBaseConfig } from '../state/use-base-config';
import styles from './Logo.module.css';

/** Logo with the company name, linking to the dashboard. */
export function Logo({
  dark,
  compact = false,
}: {
  readonly dark: boolean;
  readonly compact?: boolean;
}) {
  const { companyName, productName } = useBaseConfig();
  const name = companyName || productName;
  return (
    <Link
      to={HOME_PATH}
      className={`${styles.logo} ${dark ? styles.dark : styles.light}`}
      title={name}
    >
      <img src="/logo.svg" alt="" className={styles.image} />
      {!compact && <span className={styles.name}>{name}</span>}
    </Link>
  );
}
