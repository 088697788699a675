import Type, { type Static } from 'typebox';
import type { RecordId } from '../../../http/request-schemas';
import type { InScope } from '../../../http/row-scope';
import { releaseAndNotify } from '../../announcement/release';
import { defineHandler } from './handler';

const PARAMS = Type.Object(
  {
    /** Release only this announcement (when it is due). Default: every due one. */
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);

/** Who the released announcements name as their sender. */
export const SCHEDULER_USER = 'system';

/**
 * 发布到期的通告: every draft (send_status 0), not deleted announcement whose start time has
 * come is released through the 发布 action's own path, so bells hear it and inboxes get it.
 */
export const releaseAnnouncements = defineHandler<Static<typeof PARAMS>>({
  key: 'releaseAnnouncements',
  name: '发布到期的通告',
  paramsSchema: PARAMS,
  async run(params, { app, now }) {
    let query = app.db
      .selectFrom('sys_announcement')
      .select('id')
      .where('sendStatus', '=', '0')
      .where('delFlag', '=', '0')
      .where('startTime', '<=', now)
      .orderBy('startTime');
    if (params.id) query = query.where('id', '=', params.id);
    for (const { id } of await query.execute()) {
      // The scheduler acts for the system, outside any user's data rules: every row is in scope.
      await releaseAndNotify(app, id as InScope<RecordId>, SCHEDULER_USER);
    }
  },
});
