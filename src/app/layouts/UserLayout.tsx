import { Outlet } from 'react-router-dom';
import { useBaseConfig } from '../state/use-base-config';
import { useDocumentTitle } from '../router/use-document-title';
import { LoginCanvas } from '../pages/login/LoginCanvas';
import { CertificateStatus } from '../pages/login/CertificateStatus';
import styles from './UserLayout.module.css';

/**
 * Login layout: animated canvas background, product name and slogan, the form on top; in
 * certificate mode the certificate status and upload in the corner.
 */
export default function UserLayout() {
  const config = useBaseConfig();
  useDocumentTitle('登录');
  return (
    <div className={styles.page}>
      <LoginCanvas className={styles.canvas} />
      <CertificateStatus />
      <main className={styles.content}>
        <header className={styles.brand}>
          <img src="/logo.svg" alt="" className={styles.logo} />
          <h1 className={styles.product}>{config.productName}</h1>
          <p className={styles.slogan}>{config.productSlogan}</p>
        </header>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        Copyright © {new Date().getFullYear()} {config.companyName}
      </footer>
    </div>
  );
}
