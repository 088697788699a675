import type { Http } from '../../src/runtime/http';
import { createNameLookup, lookupFor, type NameLookup } from '../shared/pickers/name-lookup';

/** The names behind user ids (server/modules/user/picker.ts). */
export const USER_NAMES_URL = '/sys/user/queryByIds';

interface UserName {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
}

/** What a person reads for a user: the real name, else the account. */
export function userText(user: { readonly username?: string; readonly realname?: string }) {
  return user.realname || user.username || '';
}

/** The http client's user-name lookup (one for the whole app, so one cache). */
export function userNames(http: Http): NameLookup {
  return lookupFor(http, 'users', () =>
    createNameLookup(async (ids) => {
      const envelope = await http.get<readonly UserName[]>(
        USER_NAMES_URL,
        { userIds: ids.join(',') },
        { silent: true },
      );
      // Thrown, so the lookup does not remember a failed answer.
      if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
      return new Map(envelope.result.map((user) => [user.id, userText(user)]));
    }),
  );
}
