import Type from 'typebox';
import {
  ID_MAX_LENGTH,
  ID_PATTERN,
  ID_SCHEMA,
  IDS_SCHEMA,
  parseId,
  splitIds,
  type RecordId,
} from '../../http/request-schemas';
import { NullableText } from '../../http/schema-types';
import { USERNAME_PATTERN } from './validate';

/**
 * Request shapes of the 用户管理 routes. Choices accept the number or its text (`1` or `'1'`:
 * dictionary selects send text); null and '' mean "none". The business rules that a schema
 * cannot say (real dates, formats, references) are in validate.ts and references.ts.
 */

// No `type`: ajv would coerce between the listed types; the enum alone says it all.
const choice = (values: readonly number[]) =>
  Type.Optional(
    Type.Unsafe<number | string | null>({ enum: [...values, ...values.map(String), '', null] }),
  );

/** A comma list of ids (at most 1000 of 32–36 characters). */
const ID_LIST = NullableText(40_000);

const USERNAME = Type.String({ pattern: USERNAME_PATTERN });
const REALNAME = Type.String({ maxLength: 100 });

/** The fields of a user besides its username and real name, each optional. */
const profileFields = {
  avatar: NullableText(255),
  birthday: NullableText(10),
  sex: choice([0, 1, 2]),
  email: NullableText(45),
  phone: NullableText(45),
  telephone: NullableText(45),
  workNo: NullableText(100),
  post: NullableText(100),
  status: choice([1, 2]),
  userIdentity: choice([1, 2]),
  departIds: ID_LIST,
  selectedroles: ID_LIST,
  selecteddeparts: ID_LIST,
  orgCode: NullableText(64),
};

const PASSWORD = Type.String({ maxLength: 200 });
const CONFIRM_PASSWORD = NullableText(200);

export const ADD_BODY = Type.Object({
  username: USERNAME,
  realname: REALNAME,
  ...profileFields,
  password: PASSWORD,
  confirmpassword: CONFIRM_PASSWORD,
});

export const EDIT_BODY = Type.Object({
  id: ID_SCHEMA,
  username: Type.Optional(USERNAME),
  realname: Type.Optional(REALNAME),
  ...profileFields,
  password: NullableText(200),
});

/** `{ userIds: 'a,b' }` or `{ ids: 'a,b' }` (recycle bin). */
export const USER_IDS = Type.Object({ userIds: ID_LIST, ids: ID_LIST });

export const FROZEN_BODY = Type.Object({
  ids: IDS_SCHEMA,
  status: Type.Enum([1, 2, '1', '2']),
});

export const CHANGE_PASSWORD_BODY = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 100 })),
  id: Type.Optional(ID_SCHEMA),
  password: PASSWORD,
  confirmpassword: CONFIRM_PASSWORD,
});

export const CHECK_ONLY_USER_QUERY = Type.Object({
  username: Type.String({ maxLength: 100 }),
  id: Type.Optional(ID_SCHEMA),
});

/** `?userid=` of queryUserRole (the reference's spelling) and `?userId=` of userDepartList. */
export const USERID_QUERY = Type.Object({ userid: ID_SCHEMA });
export const USER_ID_QUERY = Type.Object({ userId: ID_SCHEMA });

/** An id, or '' for none. */
const OPTIONAL_ID = `^(?:${ID_PATTERN.slice(1, -1)})?$`;

/**
 * The user lists' own parameters (the list translator checks the rest): 用户管理 and its
 * recycle bin may name a department; the member lists name their role or department.
 */
export const USER_LIST_QUERY = Type.Object({
  departId: Type.Optional(Type.String({ maxLength: ID_MAX_LENGTH, pattern: OPTIONAL_ID })),
});
export const ROLE_USERS_QUERY = Type.Object({ roleId: ID_SCHEMA });
export const DEPART_USERS_QUERY = Type.Object({ depId: ID_SCHEMA });

/**
 * The users added to a role or department: an array (the reference's shape) or a comma list
 * (what a multi-select form sends). (The string first: ajv's array coercion would otherwise
 * wrap the list as one item.)
 */
const USER_ID_LIST = Type.Union([
  Type.String({ minLength: 1, maxLength: 40_000 }),
  Type.Array(ID_SCHEMA, { minItems: 1, maxItems: 1000 }),
]);

/** `{ <owner>, userIdList }` of the role and department member routes. */
export const ROLE_MEMBERS_BODY = Type.Object({ roleId: ID_SCHEMA, userIdList: USER_ID_LIST });
export const DEPART_MEMBERS_BODY = Type.Object({ depId: ID_SCHEMA, userIdList: USER_ID_LIST });

/** `?<owner>=&userId=` of the member removal routes. */
export const ROLE_MEMBER_QUERY = Type.Object({ roleId: ID_SCHEMA, userId: ID_SCHEMA });
export const DEPART_MEMBER_QUERY = Type.Object({ depId: ID_SCHEMA, userId: ID_SCHEMA });

/**
 * `?<owner>=&userIds=` of the batch removal routes, which also take `ids` (what a list's
 * selection sends) in place of `userIds`: one of the two is required.
 */
const USER_LIST = Type.Optional(IDS_SCHEMA);
const USERS_NAMED = { anyOf: [{ required: ['userIds'] }, { required: ['ids'] }] };
export const ROLE_MEMBERS_QUERY = Type.Object(
  { roleId: ID_SCHEMA, userIds: USER_LIST, ids: USER_LIST },
  USERS_NAMED,
);
export const DEPART_MEMBERS_QUERY = Type.Object(
  { depId: ID_SCHEMA, userIds: USER_LIST, ids: USER_LIST },
  USERS_NAMED,
);

/** The users of a membership body: the array, or the comma list split (refused when empty). */
export function userIdsOf(list: readonly string[] | string): RecordId[] {
  if (typeof list === 'string') return splitIds(list);
  return [...new Set(list)].map((id) => parseId(id, 'userIdList'));
}
