import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import { App, createAppStore } from './app/App';
import { antdPresenter } from './app/presenter';
import { createServices } from './app/services';
import './app/global.css';

const services = createServices({
  storage: window.localStorage,
  origin: window.location.origin,
  presenter: antdPresenter,
  onSessionEnded: () => window.location.reload(),
});

createRoot(document.getElementById('root')!).render(
  <App services={services} store={createAppStore(services)} />,
);
