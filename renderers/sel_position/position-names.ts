import type { Http } from '../../src/runtime/http';
import { createNameLookup, lookupFor, type NameLookup } from '../shared/pickers/name-lookup';

/** The names behind position codes (server/modules/position/picker.ts). */
export const POSITION_NAMES_URL = '/sys/position/queryByCodes';

/** The http client's position-name lookup (one for the whole app, so one cache). */
export function positionNames(http: Http): NameLookup {
  return lookupFor(http, 'positions', () =>
    createNameLookup(async (codes) => {
      const envelope = await http.get<readonly { code: string; name: string }[]>(
        POSITION_NAMES_URL,
        { codes: codes.join(',') },
        { silent: true },
      );
      // Thrown, so the lookup does not remember a failed answer.
      if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
      return new Map(envelope.result.map((p) => [p.code, p.name]));
    }),
  );
}
