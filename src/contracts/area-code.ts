/**
 * Region codes of the area linkage picker (widgets.md §2.1, §3, §5, §9): 6 digits for a
 * province, city or district (`440000`, `440300`, `440305`), 9 for a street (`440305001`),
 * 12 for a village; `'0'` is the root, the parent of the provinces. Pure, shared by the
 * picker and the server's area routes.
 */

/** The root: the parent of every province (widgets.md §9, tree root pid `'0'`). */
export const AREA_ROOT = '0';

/** A region's level: 1 province, 2 city, 3 district, 4 street, 5 village. */
export type AreaLevel = 1 | 2 | 3 | 4 | 5;

/** One region as the area calls answer it (widgets.md §3: id, pid, name, level). */
export interface AreaItem {
  readonly id: string;
  readonly pid: string;
  readonly name: string;
  readonly level: number;
}

/** The deepest level a node can have children below (widgets.md §9: above 4 is a leaf). */
export const AREA_DEEPEST_PARENT = 4;

/** A region code: 6, 9 or 12 digits (not the root). */
export const AREA_CODE_PATTERN = '^(?:[0-9]{6}|[0-9]{9}|[0-9]{12})$';
const CODE = new RegExp(AREA_CODE_PATTERN);

/** A region code or the root `'0'`. */
export const AREA_PARENT_PATTERN = '^(?:0|[0-9]{6}|[0-9]{9}|[0-9]{12})$';

/** The message of widgets.md §5/§8 when a chosen code lies outside `from` (spaces kept). */
export const MSG_AREA_OUTSIDE_FROM = 'value 必须在 from 中 , 请修改 from 或者检查 value ';

export function isAreaCode(code: string): boolean {
  return CODE.test(code);
}

export function isAreaRoot(code: string): boolean {
  return code.trim() === '' || code === AREA_ROOT;
}

/**
 * The part of a code every region inside it starts with: `44` for the province `440000`,
 * `4403` for the city `440300`, the whole code for a district, street or village; `''` for
 * the root (everything is inside it).
 */
export function areaPrefix(code: string): string {
  if (isAreaRoot(code)) return '';
  if (code.length !== 6) return code;
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}

/** True when `code` is `from` or lies inside it (widgets.md §5). */
export function isInsideArea(code: string, from: string): boolean {
  return code.startsWith(areaPrefix(from));
}

/**
 * The codes from the province down to `code` (`440305` → `440000`, `440300`, `440305`);
 * a city without districts (东莞市 `441900`) is its streets' parent, so it appears once.
 */
export function areaPathCodes(code: string): string[] {
  if (!isAreaCode(code)) return [];
  const path = [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code.slice(0, 6)];
  if (code.length >= 9) path.push(code.slice(0, 9));
  if (code.length === 12) path.push(code);
  return path.filter((c, i) => path.indexOf(c) === i);
}
