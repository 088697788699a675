import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useServices } from '../services';
import { permissionsAtom, userAtom } from '../state/atoms';
import { menuToRoutes, type AppRoute } from '../router/menu-routes';

/**
 * Routes made from the signed-in user's menu. `{{expr}}` urls see the API base url, the token
 * and a few user fields, under the names menus written for the reference system use.
 */
export function useMenuRoutes(): readonly AppRoute[] {
  const permissions = useAtomValue(permissionsAtom);
  const user = useAtomValue(userAtom);
  const { baseURL, session } = useServices();
  return useMemo(() => {
    const token = session.getToken() ?? '';
    const context = {
      window: { _CONFIG: { domianURL: baseURL, staticDomainURL: `${baseURL}/sys/common/static` } },
      domainURL: baseURL,
      token,
      userInfo: { username: user?.username ?? '', realname: user?.realname ?? '' },
    };
    return menuToRoutes(permissions?.menu ?? [], context);
  }, [permissions, user, baseURL, session]);
}
