import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { createAppStore } from '../../../src/app/App';
import {
  CertificateStatus,
  LABEL_UPLOAD,
  TITLE_CERT_MISSING,
  TITLE_CERT_SET,
} from '../../../src/app/pages/login/CertificateStatus';
import {
  CERTIFICATE_PATH,
  MSG_CERT_MISMATCH,
  MSG_CERT_SET,
  MSG_CERT_UPLOAD_FAILED,
} from '../../../src/contracts/client-certificate';
import { envelope, failure, type Reply } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

/** A server in certificate mode (or not) whose upload answers `upload`. */
function backend(certificateMode: boolean, upload: () => Reply) {
  return (config: InternalAxiosRequestConfig): Reply => {
    if (config.url === '/module/default/security/admin/nl/verify') {
      return { status: 200, data: envelope({ value: 'off', publicKey: '', certificateMode }) };
    }
    if (config.url === CERTIFICATE_PATH) return upload();
    return { status: 200, data: envelope({}) };
  };
}

function renderStatus(
  certificateMode: boolean,
  upload: () => Reply = () => ({ status: 200, data: envelope({}) }),
) {
  const harness = createTestServices(backend(certificateMode, upload));
  render(
    <Providers
      services={harness.services}
      store={createAppStore(harness.services)}
      path="/user/login"
    >
      <CertificateStatus />
    </Providers>,
  );
  return { ...harness, user: userEvent.setup({ delay: null }) };
}

const file = (text: string) => new File([text], 'client.pem', { type: 'application/x-pem-file' });

afterEach(() => window.localStorage.clear());

describe('certificate status on the login screen (shell.md §2)', () => {
  it('shows nothing when certificate mode is off', async () => {
    const { server } = renderStatus(false);
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    // Let the answer land (a macrotask after the request) before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText(LABEL_UPLOAD)).toBeNull();
  });

  it('uploads a certificate, says 证书设置成功! and keeps it for the next login', async () => {
    const accepted = {
      fingerprint: 'AB',
      subject: 'CN=client',
      validTo: '2125-01-01T00:00:00.000Z',
    };
    const { services, server, user } = renderStatus(true, () => ({
      status: 200,
      data: envelope(accepted, { message: MSG_CERT_SET }),
    }));
    expect(await screen.findByText(LABEL_UPLOAD)).toBeTruthy();
    expect(screen.getByLabelText(TITLE_CERT_MISSING)).toBeTruthy();

    await user.upload(screen.getByTestId('certificate-file'), file(PEM));
    expect(await screen.findByText(MSG_CERT_SET)).toBeTruthy();
    expect(services.certificate.get()).toBe(PEM);
    expect(screen.getByLabelText(TITLE_CERT_SET)).toBeTruthy();
    const sent = server.requests.find((r) => r.url === CERTIFICATE_PATH);
    expect(JSON.parse(String(sent?.data))).toEqual({ certificate: PEM });
  });

  it('says 证书不匹配! for a certificate the server does not accept, and keeps nothing', async () => {
    const { services, user } = renderStatus(true, () => ({
      status: 200,
      data: failure(500, MSG_CERT_MISMATCH),
    }));
    await user.upload(await screen.findByTestId('certificate-file'), file(PEM));
    expect(await screen.findByText(MSG_CERT_MISMATCH)).toBeTruthy();
    expect(services.certificate.get()).toBeNull();
  });

  it('says 证书上传失败! when the upload itself fails', async () => {
    const { services, user } = renderStatus(true, () => ({
      status: 500,
      data: failure(500, '服务器内部错误'),
    }));
    await user.upload(await screen.findByTestId('certificate-file'), file(PEM));
    expect(await screen.findByText(MSG_CERT_UPLOAD_FAILED)).toBeTruthy();
    expect(services.certificate.get()).toBeNull();
  });
});
