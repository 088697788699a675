import { describe, expect, it } from 'vitest';
import type { AuthEntry, SystemAuthEntry } from '../../src/contracts/permission';
import {
  NO_AUTH,
  createPermissionChecker,
  has,
  missingActions,
  type AuthLists,
} from '../../src/runtime/permissions';

const held = (action: string, type: AuthEntry['type'] = '1'): AuthEntry => ({
  action,
  type,
  describe: action,
});
const system = (
  action: string,
  status: SystemAuthEntry['status'],
  type: SystemAuthEntry['type'] = '1',
): SystemAuthEntry => ({ action, type, status, describe: action });

describe('has (shell.md §6)', () => {
  it('allows an action the user holds and the system lists as enabled', () => {
    const lists: AuthLists = { auth: [held('user:add')], allAuth: [system('user:add', '1')] };
    expect(has('user:add', lists)).toBe(true);
  });

  it('refuses an enabled action the user does not hold', () => {
    const lists: AuthLists = { auth: [], allAuth: [system('user:add', '1')] };
    expect(has('user:add', lists)).toBe(false);
  });

  it('allows an action nobody controls (not listed by the system), held or not', () => {
    expect(has('report:print', { auth: [], allAuth: [system('user:add', '1')] })).toBe(true);
    expect(has('report:print', NO_AUTH)).toBe(true);
  });

  it('refuses an action disabled system-wide even when the user holds it', () => {
    const lists: AuthLists = { auth: [held('user:delete')], allAuth: [system('user:delete', '0')] };
    expect(has('user:delete', lists)).toBe(false);
  });

  it('refuses an action disabled system-wide that the user does not hold', () => {
    expect(has('user:delete', { auth: [], allAuth: [system('user:delete', '0')] })).toBe(false);
  });

  it('ignores a type 2 system entry: a disabled data rule does not refuse the button', () => {
    const lists: AuthLists = { auth: [], allAuth: [system('user:export', '0', '2')] };
    expect(has('user:export', lists)).toBe(true);
  });

  it('ignores a type 2 system entry: an enabled data rule does not control the button', () => {
    const lists: AuthLists = { auth: [], allAuth: [system('user:export', '1', '2')] };
    expect(has('user:export', lists)).toBe(true);
  });

  it('ignores a type 2 entry the user holds: it does not grant a controlled button', () => {
    const lists: AuthLists = {
      auth: [held('user:edit', '2')],
      allAuth: [system('user:edit', '1')],
    };
    expect(has('user:edit', lists)).toBe(false);
  });

  it('reads comma-separated actions in the user entry', () => {
    const lists: AuthLists = {
      auth: [held('user:add,user:edit')],
      allAuth: [system('user:add', '1'), system('user:edit', '1'), system('user:delete', '1')],
    };
    expect(has('user:add', lists)).toBe(true);
    expect(has('user:edit', lists)).toBe(true);
    expect(has('user:delete', lists)).toBe(false);
  });

  it('reads comma-separated actions in the system entry (enabled and disabled)', () => {
    const lists: AuthLists = {
      auth: [held('role:add')],
      allAuth: [system('role:add,role:edit', '1'), system('role:delete, role:export', '0')],
    };
    expect(has('role:add', lists)).toBe(true);
    expect(has('role:edit', lists)).toBe(false);
    expect(has('role:delete', lists)).toBe(false);
    expect(has('role:export', lists)).toBe(false);
  });

  it('matches whole actions, not prefixes of a comma list', () => {
    const lists: AuthLists = { auth: [held('user:add')], allAuth: [system('user:addAll', '1')] };
    expect(has('user:addAll', lists)).toBe(false);
    expect(has('user:add', lists)).toBe(true);
  });

  it('a disabled entry wins over an enabled entry for the same action', () => {
    const lists: AuthLists = {
      auth: [held('user:add')],
      allAuth: [system('user:add', '1'), system('user:add', '0')],
    };
    expect(has('user:add', lists)).toBe(false);
  });
});

describe('missingActions (prefix helper)', () => {
  const lists: AuthLists = {
    auth: [held('online:order:amount'), held('online:order:remark,online:order:city')],
    allAuth: [
      system('online:order:amount', '1'),
      system('online:order:remark', '1'),
      system('online:order:price,online:order:discount', '1'),
      system('online:order:secret', '0'),
      system('online:goods:price', '1'),
    ],
  };

  it('returns the enabled actions under the prefix that the user lacks, without the prefix', () => {
    expect(missingActions('online:order:', lists).sort()).toEqual(['discount', 'price']);
  });

  it('skips disabled entries and other prefixes', () => {
    const missing = missingActions('online:order:', lists);
    expect(missing).not.toContain('secret');
    expect(missingActions('online:goods:', lists)).toEqual(['price']);
  });

  it('lists each missing action once', () => {
    const twice: AuthLists = {
      auth: [],
      allAuth: [system('a:x', '1'), system('a:x,a:y', '1')],
    };
    expect(missingActions('a:', twice).sort()).toEqual(['x', 'y']);
  });

  it('returns nothing for an empty prefix or when everything is held', () => {
    expect(missingActions('', lists)).toEqual([]);
    expect(missingActions('online:order:', { ...lists, auth: lists.allAuth })).toEqual([]);
  });
});

describe('createPermissionChecker', () => {
  it('answers can(code) with the has rule', () => {
    const checker = createPermissionChecker({
      auth: [held('user:add')],
      allAuth: [system('user:add', '1'), system('user:edit', '1'), system('user:delete', '0')],
    });
    expect(checker.can('user:add')).toBe(true);
    expect(checker.can('user:edit')).toBe(false);
    expect(checker.can('user:delete')).toBe(false);
    expect(checker.can('uncontrolled:thing')).toBe(true);
  });

  it('gives the same answer when asked again', () => {
    const checker = createPermissionChecker({ auth: [], allAuth: [system('user:add', '1')] });
    expect(checker.can('user:add')).toBe(false);
    expect(checker.can('user:add')).toBe(false);
  });
});
