/**
 * The app's services for component tests: the real `createServices` wiring, with its http
 * client answering through a fake adapter (no network), and the providers a screen needs.
 */
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import { App as AntApp } from 'antd';
import type { createStore } from 'jotai';
import { Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { ServicesContext, createServices, type Services } from '../../src/app/services';
import { fakeServer, recordingPresenter, type Responder } from '../runtime/fakes';

export const ORIGIN = 'http://app.test';

export function createTestServices(responder: Responder) {
  const presenter = recordingPresenter();
  const onSessionEnded = vi.fn();
  const server = fakeServer(responder);
  const storage = window.localStorage;
  const services: Services = createServices({
    storage,
    origin: ORIGIN,
    presenter,
    onSessionEnded,
    adapter: server.adapter,
  });
  return { services, server, presenter, onSessionEnded };
}

/** Services, a jotai store, antd's App context and a router around a component. */
export function Providers({
  services,
  store,
  path = '/dashboard/analysis',
  children,
}: {
  readonly services: Services;
  readonly store: ReturnType<typeof createStore>;
  readonly path?: string;
  readonly children: ReactNode;
}) {
  return (
    <ServicesContext.Provider value={services}>
      <JotaiProvider store={store}>
        <AntApp>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </AntApp>
      </JotaiProvider>
    </ServicesContext.Provider>
  );
}
