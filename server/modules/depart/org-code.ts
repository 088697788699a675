import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../db/unique';
import { failure } from '../../http/errors';
import { inSavepoint } from '../../db/transaction';

/**
 * Hierarchical org codes (jeecg-api.md §4.5): one segment per level, a letter and two digits
 * (`A01` … `A99`, `B01` … `Z99`). The top level is `A01`, `A02`, …; the children of `A01` are
 * `A01A01`, `A01A02`, …. A new department takes the segment after the highest one among its
 * siblings' codes — every row counts, deleted ones too, since `uniq_depart_org_code` covers
 * them all. Two adds racing to the same code: the constraint refuses the second, which
 * computes again (`insertWithOrgCode`).
 */

export const MSG_SIBLINGS_FULL = '同一上级部门下的部门数量已达上限';
export const MSG_TOO_DEEP = '部门层级过深，无法生成部门编码';
export const MSG_CODE_RACE = '部门编码生成冲突，请重试';

const SEGMENT = /^([A-Z])(\d{2})$/;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** `A01` is 0, `A99` is 98, `B01` is 99, …, `Z99` is the last. */
const LAST_ORDINAL = LETTERS.length * 99 - 1;
/** `org_code` is varchar(64). */
const MAX_CODE_LENGTH = 64;
const ATTEMPTS = 8;

function ordinalOf(segment: string): number | null {
  const match = SEGMENT.exec(segment);
  if (!match) return null;
  const n = Number(match[2]);
  return n === 0 ? null : LETTERS.indexOf(match[1]!) * 99 + (n - 1);
}

function segmentOf(ordinal: number): string {
  const letter = LETTERS[Math.floor(ordinal / 99)]!;
  return `${letter}${String((ordinal % 99) + 1).padStart(2, '0')}`;
}

/**
 * The code of a new child of `parentCode` ('' for the top level), given the codes taken at
 * that level: after the highest; when `Z99` is taken, the first free segment.
 */
export function nextOrgCode(parentCode: string, taken: readonly string[]): string {
  if (parentCode.length + 3 > MAX_CODE_LENGTH) throw failure(MSG_TOO_DEEP);
  const used = new Set<number>();
  for (const code of taken) {
    if (code.length !== parentCode.length + 3 || !code.startsWith(parentCode)) continue;
    const ordinal = ordinalOf(code.slice(parentCode.length));
    if (ordinal !== null) used.add(ordinal);
  }
  const highest = used.size === 0 ? -1 : Math.max(...used);
  if (highest < LAST_ORDINAL) return parentCode + segmentOf(highest + 1);
  for (let ordinal = 0; ordinal <= LAST_ORDINAL; ordinal++) {
    if (!used.has(ordinal)) return parentCode + segmentOf(ordinal);
  }
  throw failure(MSG_SIBLINGS_FULL);
}

/** Codes one level below `parentCode`, of every row (deleted ones too). */
async function codesBelow(db: Db, parentCode: string): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`
    select org_code as code from sys_depart
    where char_length(org_code) = ${parentCode.length + 3}
      and left(org_code, ${parentCode.length}) = ${parentCode}`.execute(db.withoutPlugins());
  return rows.map((r) => r.code);
}

/**
 * Runs `insert` with the next free code below `parentCode`; when another save took that code
 * meanwhile (unique violation), computes the code again. Answers the code used.
 */
export async function insertWithOrgCode(
  db: Db,
  parentCode: string,
  insert: (orgCode: string) => Promise<unknown>,
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const code = nextOrgCode(parentCode, await codesBelow(db, parentCode));
    try {
      // Inside a transaction (an import's), a refused insert must not abort the rest of it.
      if (db.isTransaction) await inSavepoint(db, 'org_code', () => insert(code));
      else await insert(code);
      return code;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw failure(MSG_CODE_RACE);
}
