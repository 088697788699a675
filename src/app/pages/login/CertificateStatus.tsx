import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { message as antMessage } from 'antd';
import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_MAX_CHARS,
  MSG_CERT_MISMATCH,
  MSG_CERT_SET,
  MSG_CERT_UPLOAD_FAILED,
} from '../../../contracts/client-certificate';
import { certificateText } from '../../../runtime/client-certificate';
import { useServices } from '../../services';
import styles from './CertificateStatus.module.css';

/** Label of the upload action and the status icon's titles. */
export const LABEL_UPLOAD = '上传证书';
export const TITLE_CERT_SET = '证书已设置';
export const TITLE_CERT_MISSING = '尚未设置证书';

/**
 * Certificate mode on the login screen (shell.md §2): a status icon (green once this browser
 * keeps a certificate the server accepted) and the upload. Renders nothing when the mode is off.
 */
export function CertificateStatus() {
  const { api, certificate } = useServices();
  // The login layout has no antd <App> (kept out of the login chunk): a holder of its own.
  const [message, messageHolder] = antMessage.useMessage();
  const [enabled, setEnabled] = useState(false);
  const [kept, setKept] = useState(() => certificate.get() !== null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    api
      .securityVerify()
      .then((answer) => live && setEnabled(answer.success && answer.result.certificateMode))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again
    if (!file) return;
    setBusy(true);
    try {
      const pem =
        file.size <= CERTIFICATE_MAX_CHARS
          ? certificateText(new Uint8Array(await file.arrayBuffer()))
          : '';
      const answer = pem ? await api.checkCertificate(pem) : null;
      if (answer?.success) {
        certificate.set(pem);
        setKept(true);
        void message.success(MSG_CERT_SET);
      } else {
        void message.error(
          answer?.message === MSG_CERT_MISMATCH ? MSG_CERT_MISMATCH : MSG_CERT_UPLOAD_FAILED,
        );
      }
    } catch {
      void message.error(MSG_CERT_UPLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  if (!enabled) return messageHolder;
  return (
    <div className={styles.status}>
      {messageHolder}
      <SafetyCertificateOutlined
        className={kept ? styles.kept : styles.missing}
        title={kept ? TITLE_CERT_SET : TITLE_CERT_MISSING}
        aria-label={kept ? TITLE_CERT_SET : TITLE_CERT_MISSING}
        role="img"
      />
      <button
        type="button"
        className={styles.upload}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        <UploadOutlined /> {LABEL_UPLOAD}
      </button>
      <input
        ref={input}
        type="file"
        accept=".pem,.crt,.cer"
        hidden
        data-testid="certificate-file"
        onChange={(e) => void upload(e)}
      />
    </div>
  );
}
