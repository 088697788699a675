import {
  ID_PATTERN,
  ID_SCHEMA,
  parseId,
  splitIds,
  type RecordId,
} from '../../http/request-schemas';
import { USERNAME_PATTERN } from './validate';

/**
 * Request shapes of the 用户管理 routes. Choices accept the number or its text (`1` or `'1'`:
 * dictionary selects send text); null and '' mean "none". The business rules that a schema
 * cannot say (real dates, formats, references) are in validate.ts and references.ts.
 */

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
// No `type`: ajv would coerce between the listed types; the enum alone says it all.
const choice = (values: readonly number[]) =>
  ({ enum: [...values, ...values.map(String), '', null] }) as const;

/** A comma list of ids (at most 1000 of 32–36 characters). */
const ID_LIST = { type: ['string', 'null'], maxLength: 40_000 } as const;

const userFields = {
  username: { type: 'string', pattern: USERNAME_PATTERN },
  realname: { type: 'string', maxLength: 100 },
  avatar: text(255),
  birthday: { type: ['string', 'null'], maxLength: 10 },
  sex: choice([0, 1, 2]),
  email: text(45),
  phone: text(45),
  telephone: text(45),
  workNo: text(100),
  post: text(100),
  status: choice([1, 2]),
  userIdentity: choice([1, 2]),
  departIds: ID_LIST,
  selectedroles: ID_LIST,
  selecteddeparts: ID_LIST,
  orgCode: text(64),
} as const;

const password = { type: 'string', maxLength: 200 } as const;

export const ADD_BODY = {
  type: 'object',
  required: ['username', 'realname', 'password'],
  properties: {
    ...userFields,
    password,
    confirmpassword: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

export const EDIT_BODY = {
  type: 'object',
  required: ['id'],
  properties: { id: ID_SCHEMA, ...userFields, password: text(200) },
} as const;

/** `{ userIds: 'a,b' }` or `{ ids: 'a,b' }` (recycle bin). */
export const USER_IDS = {
  type: 'object',
  properties: { userIds: ID_LIST, ids: ID_LIST },
} as const;

export const FROZEN_BODY = {
  type: 'object',
  required: ['ids', 'status'],
  properties: {
    ids: { type: 'string', minLength: 1, maxLength: 40_000 },
    status: { enum: [1, 2, '1', '2'] },
  },
} as const;

export const CHANGE_PASSWORD_BODY = {
  type: 'object',
  required: ['password'],
  properties: {
    username: { type: 'string', maxLength: 100 },
    id: ID_SCHEMA,
    password,
    confirmpassword: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

export const CHECK_ONLY_USER_QUERY = {
  type: 'object',
  required: ['username'],
  properties: { username: { type: 'string', maxLength: 100 }, id: ID_SCHEMA },
} as const;

/** A query naming one id under `name` (e.g. `userid`). */
export function idQuery<N extends string>(name: N) {
  return {
    type: 'object',
    required: [name],
    properties: { [name]: ID_SCHEMA } as Record<N, typeof ID_SCHEMA>,
  } as const;
}

/** An id, or '' for none. */
const OPTIONAL_ID = `^(?:${ID_PATTERN.slice(1, -1)})?$`;

/** A list route's own parameters (the translator checks the rest). */
export function listQuery(name: string, required: boolean) {
  return {
    type: 'object',
    ...(required ? { required: [name] } : {}),
    properties: {
      [name]: required ? ID_SCHEMA : { type: 'string', maxLength: 36, pattern: OPTIONAL_ID },
    },
  } as const;
}

/** `{ <owner>, userIdList: [ids] }` of the role and department member routes. */
export function memberBody(owner: 'roleId' | 'depId') {
  return {
    type: 'object',
    required: [owner, 'userIdList'],
    properties: {
      [owner]: ID_SCHEMA,
      // An array (the reference's shape) or a comma list (what a multi-select form sends).
      // (The string first: ajv's array coercion would otherwise wrap the list as one item.)
      userIdList: {
        anyOf: [
          { type: 'string', minLength: 1, maxLength: 40_000 },
          { type: 'array', minItems: 1, maxItems: 1000, items: ID_SCHEMA },
        ],
      },
    },
  } as const;
}

/**
 * `?<owner>=&<users>=` of the member removal routes. The batch routes also take `ids` (what a
 * list's selection sends) in place of `userIds`.
 */
export function memberQuery(owner: 'roleId' | 'depId', users: 'userId' | 'userIds') {
  const list = { type: 'string', minLength: 1, maxLength: 40_000 } as const;
  if (users === 'userId') {
    return {
      type: 'object',
      required: [owner, users],
      properties: { [owner]: ID_SCHEMA, userId: ID_SCHEMA },
    } as const;
  }
  return {
    type: 'object',
    required: [owner],
    anyOf: [{ required: ['userIds'] }, { required: ['ids'] }],
    properties: { [owner]: ID_SCHEMA, userIds: list, ids: list },
  } as const;
}

/** The users of a membership body: the array, or the comma list split (refused when empty). */
export function userIdsOf(list: readonly string[] | string): RecordId[] {
  if (typeof list === 'string') return splitIds(list);
  return [...new Set(list)].map((id) => parseId(id, 'userIdList'));
}
