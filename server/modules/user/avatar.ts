import type { QueryExecutorProvider } from 'kysely';
import { failure } from '../../http/errors';
import { attachFiles, storedFiles } from '../files/records';

/**
 * A user's avatar is an image uploaded through `/sys/common/upload` (its stored path), or
 * none. Saved avatars are attached without a page (`ref_page` null): every signed-in user
 * sees other users' avatars.
 */

export const MSG_AVATAR_NOT_IMAGE = '头像应为已上传的图片';

/**
 * Refuses an avatar that is not a stored image. `unchanged` is the user's stored avatar on an
 * edit: sending it back as it is (even one saved before avatars were checked) is accepted.
 */
export async function checkAvatar(
  db: QueryExecutorProvider,
  avatar: string | null | undefined,
  unchanged?: string | null,
): Promise<void> {
  if (!avatar || avatar === unchanged) return;
  const [file] = await storedFiles(db, [avatar]);
  if (!file?.mime.startsWith('image/')) throw failure(MSG_AVATAR_NOT_IMAGE);
}

/** Keeps a saved avatar from the upload clean-up (call it in the save's transaction). */
export async function attachAvatar(
  db: QueryExecutorProvider,
  avatar: string | null | undefined,
): Promise<void> {
  if (avatar) await attachFiles(db, [avatar], null);
}
