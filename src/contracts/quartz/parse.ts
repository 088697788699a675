/**
 * Reads a Quartz expression (widgets.md §4, §5) into the searches croner runs, or the first
 * problem in Chinese naming the field. Numeric items (ranges, steps, lists, wrapped ranges such
 * as `22-2` and `FRI-MON`) are expanded here to explicit value lists, with Quartz's rules for
 * where a step starts (`*∕n` starts at the field's minimum, so `*∕3` in the year is 1970, 1973 …);
 * croner only sees `*`, value lists and the calendar words `L`, `LW`, `nW`, `nL`, `n#k`.
 */
import { CRON_FIELDS, FIELD_SPECS, splitCron, type CronField, type FieldSpec } from './fields';

/**
 * One croner search of an expression and how its finds are adjusted: a list that mixes calendar
 * words with other days (`1,L`, `2W,16`, `6#3,2#1`) is the union of one search per word plus one
 * for its plain values (Spring's and cron-utils' reading of the Quartz dialect).
 */
export interface QuartzCalendar {
  readonly pattern: string;
  /** The `n` of `L-n` (0 without it). */
  readonly lastDayOffset: number;
  /** `L-nW`: the weekday nearest to the found day, inside its month. */
  readonly nearestWeekday: boolean;
}

/** A readable expression: the searches whose fire times, merged, are the expression's. */
export interface QuartzPattern {
  readonly ok: true;
  readonly calendars: readonly QuartzCalendar[];
}

export type QuartzParse = QuartzPattern | { readonly ok: false; readonly message: string };

export const MSG_FIELD_COUNT = 'cron表达式应为6或7段';
export const MSG_DAY_OR_WEEK = '日和周必须有且只有一个为 ?';
/** Quartz refuses `L-n` beyond 30. */
export const LAST_OFFSET_MAX = 30;
/** The last `#` Quartz takes (`6#5`: fifth Friday). */
export const NTH_MAX = 5;

/** One croner field value and, for the day field, how its finds are adjusted. */
interface Calendar {
  readonly value: string;
  readonly offset?: number;
  readonly nearest?: boolean;
}

type Field = { readonly calendars: readonly Calendar[] } | { readonly message: string };

const fail = (message: string): { message: string } => ({ message });
const rangeMessage = (s: FieldSpec): string => `${s.label}的取值应在 ${s.min}-${s.max} 之间`;
/** A field's bounds with the field's text as written, for messages. */
type Spec = FieldSpec & { readonly shown: string };

const badChars = (s: Spec): string => `${s.label}包含非法字符：${s.shown}`;
const badFormat = (s: Spec): string => `${s.label}格式不正确：${s.shown}`;

const ITEM = /^(\*|\d+)(?:-(\d+))?(?:\/(\d+))?$/;

/** Month and weekday names to their numbers; unknown letters are left for the character check. */
function replaceNames(spec: FieldSpec, text: string): string {
  const names = spec.names;
  if (!names) return text;
  return text.replace(/[A-Z]{3}/g, (name) => (names[name] ?? name).toString());
}

/** The values of one list item, in Quartz's reading, or a message. */
function expandItem(spec: Spec, item: string): number[] | { message: string } {
  const m = ITEM.exec(item);
  if (!m) return fail(badFormat(spec));
  const [, head = '', endText, stepText] = m;
  if (head === '*' && endText !== undefined) return fail(badFormat(spec));
  const step = stepText === undefined ? 1 : Number(stepText);
  const span = spec.max - spec.min + 1;
  if (step < 1 || step > span) return fail(`${spec.label}的间隔应在 1-${span} 之间`);
  const start = head === '*' ? spec.min : Number(head);
  const single = endText === undefined && stepText === undefined;
  let end = head === '*' || !single ? spec.max : start;
  if (endText !== undefined) end = Number(endText);
  for (const v of [start, end]) if (v < spec.min || v > spec.max) return fail(rangeMessage(spec));
  if (end < start) {
    if (!spec.wrap) return fail(`${spec.label}的范围应从小到大`);
    end += span;
  }
  const values: number[] = [];
  for (let v = start; v <= end; v += step) values.push(v > spec.max ? v - span : v);
  return values;
}

/** Plain list items (numbers, ranges, steps) as one sorted croner value list, or a message. */
function valueList(spec: Spec, items: readonly string[]): string | { message: string } {
  const set = new Set<number>();
  for (const item of items) {
    const values = expandItem(spec, item);
    if (!Array.isArray(values)) return values;
    for (const v of values) set.add(v);
  }
  return [...set].sort((a, b) => a - b).join(',');
}

/** A field of numbers, ranges, steps and lists (no calendar words) as a croner value list. */
function numericField(spec: Spec, text: string, allWord: string): Field {
  if (text === '*') return { calendars: [{ value: allWord }] };
  const numbers = replaceNames(spec, text);
  if (/[^0-9*,\-/]/.test(numbers)) return fail(badChars(spec));
  const list = valueList(spec, numbers.split(','));
  return typeof list === 'string' ? { calendars: [{ value: list }] } : list;
}

/**
 * A list with calendar words: one calendar per word (`isWord`, read by `readWord`), and one for
 * all the plain items together. `1,L` → `1` and `L`; `2W,16` → `2W` and `16`.
 */
function listWithWords(
  spec: Spec,
  items: readonly string[],
  isWord: (item: string) => boolean,
  readWord: (item: string) => Calendar | { message: string },
): Field {
  const calendars: Calendar[] = [];
  const plain: string[] = [];
  for (const item of items) {
    if (!isWord(item)) {
      plain.push(item);
      continue;
    }
    const word = readWord(item);
    if ('message' in word) return word;
    if (!calendars.some((c) => sameCalendar(c, word))) calendars.push(word);
  }
  if (plain.length > 0) {
    const list = valueList(spec, plain);
    if (typeof list !== 'string') return list;
    calendars.unshift({ value: list });
  }
  return { calendars };
}

const sameCalendar = (a: Calendar, b: Calendar): boolean =>
  a.value === b.value && (a.offset ?? 0) === (b.offset ?? 0) && !a.nearest === !b.nearest;

/** One day-of-month word: `L`, `LW`, `L-n`, `L-nW` or `nW`. */
function dayWord(spec: Spec, item: string): Calendar | { message: string } {
  if (item === 'L' || item === 'LW') return { value: item };
  const lastOffset = /^L-(\d+)(W?)$/.exec(item);
  if (lastOffset) {
    const n = Number(lastOffset[1]);
    if (n < 1 || n > LAST_OFFSET_MAX)
      return fail(`${spec.label}的 L-n 中 n 应在 1-${LAST_OFFSET_MAX} 之间`);
    return lastOffset[2] ? { value: 'L', offset: n, nearest: true } : { value: 'L', offset: n };
  }
  const nearest = /^(\d+)W$/.exec(item);
  if (!nearest) return fail(badFormat(spec));
  const n = Number(nearest[1]);
  return n < spec.min || n > spec.max ? fail(rangeMessage(spec)) : { value: `${n}W` };
}

function dayField(spec: Spec, text: string): Field {
  if (text === '?') return { calendars: [{ value: '*' }] };
  if (/[^0-9*,\-/LW]/.test(text)) return fail(badChars(spec));
  if (!/[LW]/.test(text)) return numericField(spec, text, '*');
  return listWithWords(
    spec,
    text.split(','),
    (item) => /[LW]/.test(item),
    (item) => dayWord(spec, item),
  );
}

/** One day-of-week word: `nL` (the last such weekday) or `n#k` (the k-th); `L` alone is plain. */
function weekWord(spec: Spec, item: string): Calendar | { message: string } {
  const m = /^(\d+)(?:L|#(\d+))$/.exec(item);
  if (!m) return fail(badFormat(spec));
  const day = Number(m[1]);
  if (day < spec.min || day > spec.max) return fail(rangeMessage(spec));
  if (m[2] === undefined) return { value: `${day}L` };
  const nth = Number(m[2]);
  return nth < 1 || nth > NTH_MAX
    ? fail(`${spec.label}的 # 后应为 1-${NTH_MAX}`)
    : { value: `${day}#${nth}` };
}

function weekField(spec: Spec, text: string): Field {
  if (text === '?') return { calendars: [{ value: '*' }] };
  const numbers = replaceNames(spec, text);
  if (/[^0-9*,\-/L#]/.test(numbers)) return fail(badChars(spec));
  if (!/[L#]/.test(numbers)) return numericField(spec, text, '*');
  // `L` alone in the day-of-week is its last day, Saturday (7).
  const items = numbers.split(',').map((item) => (item === 'L' ? String(spec.max) : item));
  return listWithWords(
    spec,
    items,
    (item) => /[L#]/.test(item),
    (item) => weekWord(spec, item),
  );
}

function readField(field: CronField, original: string): Field {
  const spec: Spec = { ...FIELD_SPECS[field], shown: original };
  const text = original.toUpperCase();
  if (field === 'day') return dayField(spec, text);
  if (field === 'week') return weekField(spec, text);
  if (text.includes('?')) return fail(`${spec.label}不支持 ?`);
  // A year of `*` is still the list 1970-2099, so that croner's search ends with 2099.
  const all = field === 'year' ? `${spec.min}-${spec.max}` : '*';
  return numericField(spec, text, all);
}

/** Reads an expression (names and letters in any case) or says what is wrong with it. */
export function parseQuartz(expression: string): QuartzParse {
  const parts = splitCron(expression);
  if (!parts) return { ok: false, message: MSG_FIELD_COUNT };
  // Every combination of the fields' calendars; only day or week ever has more than one.
  let partial: { readonly values: readonly string[]; readonly day?: Calendar }[] = [{ values: [] }];
  for (const field of CRON_FIELDS) {
    const read = readField(field, parts[field] ?? '*');
    if ('message' in read) return { ok: false, message: read.message };
    partial = partial.flatMap((p) =>
      read.calendars.map((c) => ({
        values: [...p.values, c.value],
        day: field === 'day' ? c : p.day,
      })),
    );
  }
  if ((parts.day === '?') === (parts.week === '?')) return { ok: false, message: MSG_DAY_OR_WEEK };
  return {
    ok: true,
    calendars: partial.map((p) => ({
      pattern: p.values.join(' '),
      lastDayOffset: p.day?.offset ?? 0,
      nearestWeekday: p.day?.nearest ?? false,
    })),
  };
}
