import { atom } from 'jotai';

/**
 * Bumped whenever the caller's notice counts may have changed outside the bell (a notice read
 * in 我的消息, 全部已读): the bell reloads its counts.
 */
export const noticeCountsVersionAtom = atom(0);
