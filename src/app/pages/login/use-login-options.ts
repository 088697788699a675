import { useEffect, useState } from 'react';
import type { LoginOptions } from '../../../contracts/sign-in';
import { useSignInApi } from './use-sign-in-api';

/** The answer read defensively: an older server, or one without the call, offers nothing extra. */
export function normaliseOptions(raw: Partial<LoginOptions> | null | undefined): LoginOptions {
  return {
    phone: raw?.phone === true,
    register: raw?.register === true,
    reset: raw?.reset === true,
    oidc: Array.isArray(raw?.oidc) ? raw.oidc : [],
    cas: raw?.cas && typeof raw.cas.loginUrl === 'string' ? raw.cas : null,
  };
}

/**
 * What the server has switched on (GET /sys/loginOptions); null until it answers, and when
 * it cannot (then only the password form is offered). `loaded` tells the two apart.
 */
export function useLoginOptions(): {
  readonly options: LoginOptions | null;
  readonly loaded: boolean;
} {
  const api = useSignInApi();
  const [state, setState] = useState<{ options: LoginOptions | null; loaded: boolean }>({
    options: null,
    loaded: false,
  });
  useEffect(() => {
    let live = true;
    api
      .options()
      .then(
        (answer) =>
          live &&
          setState({
            options: answer.success ? normaliseOptions(answer.result) : null,
            loaded: true,
          }),
      )
      .catch(() => live && setState({ options: null, loaded: true }));
    return () => {
      live = false;
    };
  }, [api]);
  return state;
}
