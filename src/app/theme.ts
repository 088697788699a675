import type { ThemeConfig } from 'antd';
import type { Settings } from './settings/settings';

/** antd theme from the settings: the primary colour is the only token the drawer changes. */
export function themeFor(settings: Pick<Settings, 'primaryColor'>): ThemeConfig {
  return {
    token: { colorPrimary: settings.primaryColor, borderRadius: 4 },
    components: {
      Layout: { headerHeight: 56, headerPadding: '0 12px', siderBg: '#001529' },
    },
  };
}
