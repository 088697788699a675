import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { Provider as JotaiProvider, createStore, useAtomValue } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { ServicesContext, type Services } from './services';
import { settingsAtom, tokenAtom, userAtom } from './state/atoms';
import { themeFor } from './theme';
import { AppRoutes } from './router/AppRoutes';

function ThemeRoot({ children }: { readonly children: ReactNode }) {
  const settings = useAtomValue(settingsAtom);
  const theme = themeFor(settings);
  useEffect(() => {
    // Static message/notification/modal (used by the runtime) get the same locale and colour.
    ConfigProvider.config({
      holderRender: (node) => (
        <ConfigProvider locale={zhCN} theme={theme}>
          {node}
        </ConfigProvider>
      ),
    });
  }, [theme]);
  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', settings.colorWeak);
  }, [settings.colorWeak]);
  useEffect(() => {
    // Hand-written CSS (the two-column menu, shortcuts) follows the primary colour too.
    document.documentElement.style.setProperty('--sa-primary', settings.primaryColor);
  }, [settings.primaryColor]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/** Makes the jotai store for an app instance, seeded from the stored session. */
export function createAppStore(services: Services) {
  const store = createStore();
  store.set(tokenAtom, services.session.getToken());
  store.set(userAtom, services.session.getUser());
  const sync = () => {
    store.set(tokenAtom, services.session.getToken());
    store.set(userAtom, services.session.getUser());
  };
  // Sign-out by the runtime (after a 401) reaches the atoms…
  services.session.subscribe(sync);
  // …and so does signing in or out in another tab of the same browser.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.includes('Access-Token')) sync();
  });
  return store;
}

export function App({
  services,
  store,
}: {
  readonly services: Services;
  readonly store: ReturnType<typeof createStore>;
}) {
  return (
    <ServicesContext.Provider value={services}>
      <JotaiProvider store={store}>
        <ThemeRoot>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ThemeRoot>
      </JotaiProvider>
    </ServicesContext.Provider>
  );
}
