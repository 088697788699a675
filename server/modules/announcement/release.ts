import { NoticeCmd } from '../../../src/contracts/notice';
import type { RecordId } from '../../http/request-schemas';
import type { InScope } from '../../http/row-scope';
import type { AppContext } from '../../context';
import { releaseAnnouncement } from './store';

/**
 * 发布: the release and its live push (the bell of every addressee hears it at once). The 发布
 * row action and the 发布到期的通告 job both release through here.
 */
export async function releaseAndNotify(
  ctx: Pick<AppContext, 'db' | 'notices'>,
  id: InScope<RecordId>,
  username: string,
): Promise<void> {
  const { title, audience } = await releaseAnnouncement(ctx.db, id, username);
  const cmd = audience === null ? NoticeCmd.TOPIC : NoticeCmd.USER;
  ctx.notices.publish(audience, { cmd, msgId: id, msgTxt: title });
}
