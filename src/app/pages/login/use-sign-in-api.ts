import { useMemo } from 'react';
import { createSignInApi } from '../../../runtime/sign-in-api';
import { useServices } from '../../services';

/** The sign-in calls over the app's http client. */
export function useSignInApi() {
  const { http } = useServices();
  return useMemo(() => createSignInApi(http), [http]);
}
