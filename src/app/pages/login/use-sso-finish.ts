import { useEffect, useRef, useState } from 'react';
import { unwrap } from '../../../runtime/api';
import { useFinishLogin } from '../../state/session-actions';
import { useSignInApi } from './use-sign-in-api';

/** The login URL's parameters a single sign-on brings back. */
export const SSO_PARAMS = ['thirdToken', 'thirdType', 'ticket', 'thirdError'] as const;

/**
 * Finishes a single sign-on that came back to /user/login: an OIDC callback's one-time token
 * (`?thirdToken=&thirdType=`), a CAS ticket (`?ticket=`), or the callback's refusal
 * (`?thirdError=`). Answers whether it is at work and what went wrong; `onSignedIn` runs once.
 */
export function useSsoFinish(params: URLSearchParams, onSignedIn: () => void) {
  const api = useSignInApi();
  const finish = useFinishLogin();
  const started = useRef(false);
  const token = params.get('thirdToken');
  const thirdType = params.get('thirdType');
  const ticket = params.get('ticket');
  const [working, setWorking] = useState(Boolean((token && thirdType) || ticket));
  const [failure, setFailure] = useState<string | null>(params.get('thirdError'));

  useEffect(() => {
    if (started.current || !working) return;
    started.current = true;
    // CAS validates the ticket for the service it was issued to: this page, without the ticket.
    const service = `${window.location.origin}${window.location.pathname}`;
    const call =
      token && thirdType ? api.thirdLogin(token, thirdType) : api.casValidate(ticket!, service);
    call
      .then((answer) => finish(unwrap(answer)))
      .then(onSignedIn)
      .catch((e: unknown) => {
        setFailure(e instanceof Error ? e.message : String(e));
        setWorking(false);
      });
  }, [api, finish, onSignedIn, ticket, thirdType, token, working]);

  return { working, failure };
}
