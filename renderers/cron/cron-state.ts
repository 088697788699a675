import { fieldMode, FIELD_SPECS, joinCron } from '../../src/contracts/quartz';

/**
 * The cron builder's state (widgets.md §3, §4, §5): one state per tab, read from a field string
 * and written back. Pure, tested without React. Week values are Quartz numbers (1 = SUN … 7 = SAT).
 */

export type PartKey = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

export type PartMode =
  | 'every'
  | 'none'
  | 'range'
  | 'loop'
  | 'specific'
  | 'workday'
  | 'lastDay'
  | 'lastWorkday'
  | 'daysBeforeEnd'
  | 'lastWeekday'
  | 'nth'
  | 'custom';

export interface PartState {
  readonly mode: PartMode;
  readonly rangeStart: number;
  readonly rangeEnd: number;
  readonly incrementStart: number;
  readonly incrementIncrement: number;
  readonly specific: readonly number[];
  /** `nW`: the day whose nearest workday fires. */
  readonly nearestWeekday: number;
  /** `L-n`: days before the month's end. */
  readonly daysBeforeEom: number;
  /** `nL`: the weekday whose last one in the month fires. */
  readonly lastSpecificDomDay: number;
  /** `day#n`: the weekday and its number in the month. */
  readonly nthDay: number;
  readonly nthNth: number;
  /**
   * A field no single mode can show (`1,L`, `2W,16`, `L-5W`, `1-5,10`), kept as written so
   * that opening and confirming the builder never changes what it fires at; '' when none.
   */
  readonly custom: string;
}

export type Bound = readonly [min: number, max: number];

export interface PartBounds {
  /** Values of the range end and the specific list. */
  readonly value: Bound;
  readonly rangeStart: Bound;
  readonly start: Bound;
  readonly interval: Bound;
}

/** The builder-dialog variant's bounds (widgets.md §5); week in Quartz numbers 1-7. */
export const PART_BOUNDS: Readonly<Record<PartKey, PartBounds>> = {
  second: { value: [0, 59], rangeStart: [1, 59], start: [0, 59], interval: [1, 59] },
  minute: { value: [0, 59], rangeStart: [0, 59], start: [0, 59], interval: [1, 60] },
  hour: { value: [0, 23], rangeStart: [0, 23], start: [0, 23], interval: [1, 23] },
  day: { value: [1, 31], rangeStart: [1, 31], start: [1, 31], interval: [1, 31] },
  // §5 says 0-12 for month intervals; Quartz refuses `/0`, so the least interval is 1.
  month: { value: [1, 12], rangeStart: [1, 12], start: [1, 12], interval: [1, 12] },
  week: { value: [1, 7], rangeStart: [1, 7], start: [1, 7], interval: [1, 7] },
  year: { value: [2019, 2119], rangeStart: [2019, 2119], start: [2019, 2119], interval: [1, 99] },
};

/** widgets.md §4, §9: the loop defaults. */
export const DEFAULT_START = 3;
export const DEFAULT_INTERVAL = 5;

/** Bounds of the day tab's own inputs (§5): nearest weekday 1-31, before month end 1-31, nth 1-5. */
export const NEAREST_WEEKDAY_BOUND: Bound = [1, 31];
export const DAYS_BEFORE_EOM_BOUND: Bound = [1, 31];
export const NTH_BOUND: Bound = [1, 5];

/** A whole number inside the bound (NaN gives the least). */
export function clamp(n: number, [min, max]: Bound): number {
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, Math.round(n)));
}

/** A tab's state before anything is read: every, with start 3 and interval 5 (§4, §9). */
export function defaultPart(key: PartKey): PartState {
  const b = PART_BOUNDS[key];
  const rangeStart = b.rangeStart[0];
  return {
    mode: key === 'week' ? 'none' : 'every',
    rangeStart,
    rangeEnd: clamp(rangeStart + 1, b.value),
    incrementStart: clamp(DEFAULT_START, b.start),
    incrementIncrement: clamp(DEFAULT_INTERVAL, b.interval),
    specific: [],
    nearestWeekday: 1,
    daysBeforeEom: 1,
    lastSpecificDomDay: 2,
    nthDay: 2,
    nthNth: 1,
    custom: '',
  };
}

/** One value of a field (a number or a month or weekday name), or NaN. */
function valueOf(key: PartKey, text: string): number {
  const t = text.trim().toUpperCase();
  if (/^\d+$/.test(t)) return Number(t);
  const named = (FIELD_SPECS[key].names ?? {})[t];
  return named ?? Number.NaN;
}

/**
 * A list that is more than plain values (`1,L`, `2W,16`, `1-5,10`, `6#3,2#1`) or `L-nW`: the
 * tabs have one mode per field, so such a field is kept as written.
 */
function isCustom(key: PartKey, t: string): boolean {
  if (key === 'day' && /^L-\d+W$/.test(t)) return true;
  return t.includes(',') && !/^(\d+|[A-Z]{3})(,(\d+|[A-Z]{3}))*$/.test(t);
}

/** Reads one field string into its tab's state; what it cannot read is 'every' (§4). */
export function parsePart(key: PartKey, text: string): PartState {
  const base = defaultPart(key);
  const t = text.trim().toUpperCase();
  const b = PART_BOUNDS[key];
  if (isCustom(key, t)) return { ...base, mode: 'custom', custom: t };
  if (key === 'day') {
    if (t === 'L') return { ...base, mode: 'lastDay' };
    if (t === 'LW') return { ...base, mode: 'lastWorkday' };
    const minus = /^L-(\d+)$/.exec(t);
    if (minus)
      return {
        ...base,
        mode: 'daysBeforeEnd',
        daysBeforeEom: clamp(Number(minus[1]), DAYS_BEFORE_EOM_BOUND),
      };
  }
  if (key === 'week') {
    const last = /^(\w+)L$/.exec(t);
    if (last)
      return {
        ...base,
        mode: 'lastWeekday',
        lastSpecificDomDay: clamp(valueOf(key, last[1]!), b.value),
      };
    const nth = /^(\w+)#(\d+)$/.exec(t);
    if (nth) {
      return {
        ...base,
        mode: 'nth',
        nthDay: clamp(valueOf(key, nth[1]!), b.value),
        nthNth: clamp(Number(nth[2]), NTH_BOUND),
      };
    }
  }
  const mode = fieldMode(t);
  if (mode === 'none')
    return {
      ...base,
      mode:
        key === 'second' || key === 'minute' || key === 'hour' || key === 'month'
          ? 'every'
          : 'none',
    };
  if (mode === 'range') {
    const [a = '', z = ''] = t.split('-');
    return {
      ...base,
      mode: 'range',
      rangeStart: clamp(valueOf(key, a), b.rangeStart),
      rangeEnd: clamp(valueOf(key, z), b.value),
    };
  }
  if (mode === 'loop') {
    const [a = '', i = ''] = t.split('/');
    const start = a === '*' || a === '' ? b.start[0] : valueOf(key, a);
    return {
      ...base,
      mode: 'loop',
      incrementStart: clamp(start, b.start),
      incrementIncrement: clamp(Number(i), b.interval),
    };
  }
  if (mode === 'workday' && key === 'day') {
    const n = /^(\d+)W$/.exec(t);
    if (n)
      return {
        ...base,
        mode: 'workday',
        nearestWeekday: clamp(Number(n[1]), NEAREST_WEEKDAY_BOUND),
      };
  }
  if (mode === 'specified') {
    const values = t.split(',').map((v) => valueOf(key, v));
    if (values.every(Number.isFinite)) {
      const inBounds = values.map((v) => clamp(v, b.value));
      return { ...base, mode: 'specific', specific: [...new Set(inBounds)].sort((x, y) => x - y) };
    }
  }
  return { ...base, mode: 'every' };
}

/** Writes one tab's state as its field string. */
export function buildPart(key: PartKey, s: PartState): string {
  const b = PART_BOUNDS[key];
  switch (s.mode) {
    case 'none':
      // A year not filled in is left out of the expression.
      return key === 'year' ? '' : key === 'day' || key === 'week' ? '?' : '*';
    case 'range':
      return `${clamp(s.rangeStart, b.rangeStart)}-${clamp(s.rangeEnd, b.value)}`;
    case 'loop':
      return `${clamp(s.incrementStart, b.start)}/${clamp(s.incrementIncrement, b.interval)}`;
    case 'specific':
      return s.specific.length > 0
        ? [...s.specific].sort((x, y) => x - y).join(',')
        : String(b.value[0]);
    case 'workday':
      return `${clamp(s.nearestWeekday, NEAREST_WEEKDAY_BOUND)}W`;
    case 'lastDay':
      return 'L';
    case 'lastWorkday':
      return 'LW';
    case 'daysBeforeEnd':
      return `L-${clamp(s.daysBeforeEom, DAYS_BEFORE_EOM_BOUND)}`;
    case 'lastWeekday':
      return `${clamp(s.lastSpecificDomDay, b.value)}L`;
    case 'nth':
      return `${clamp(s.nthDay, b.value)}#${clamp(s.nthNth, NTH_BOUND)}`;
    case 'custom':
      return s.custom === '' ? '*' : s.custom;
    default:
      return '*';
  }
}

/** What the builder shows: the week tab only in `full`, the second unless hidden, the year unless hidden. */
export interface CronShape {
  readonly hideSecond: boolean;
  readonly hideYear: boolean;
}

export type CronState = Readonly<Record<PartKey, PartState>>;

const KEYS: readonly PartKey[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

/** The builder's defaults: `* * * * * ?` and year `*` (§4). */
export function defaultState(): CronState {
  return Object.fromEntries(KEYS.map((k) => [k, defaultPart(k)])) as Record<PartKey, PartState>;
}

/** The parts an expression of this shape has, in order. */
export function shownParts(shape: CronShape): PartKey[] {
  const withYear = !shape.hideSecond && !shape.hideYear;
  return KEYS.filter((k) => (k === 'second' ? !shape.hideSecond : k === 'year' ? withYear : true));
}

/** Reads an expression of this shape (5, 6 or 7 parts) into the tabs; null when it does not fit. */
export function parseCron(expression: string, shape: CronShape): CronState | null {
  const fields = expression
    .trim()
    .split(/\s+/)
    .filter((f) => f !== '');
  const keys = shownParts(shape);
  // A six-part expression fits the seven-part shape (its year is every).
  const fits = fields.length === keys.length || (keys.includes('year') && fields.length === 6);
  if (!fits) return null;
  const state: Record<PartKey, PartState> = { ...defaultState() };
  keys.forEach((k, i) => {
    const text = fields[i];
    state[k] = text === undefined ? { ...state[k], mode: 'none' } : parsePart(k, text);
  });
  return state;
}

/** Writes the tabs as an expression of this shape. */
export function buildCron(state: CronState, shape: CronShape): string {
  return shownParts(shape)
    .map((k) => buildPart(k, state[k]))
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * Sets one tab; day and week exclude each other (§4): a day mode sets week to `?` and a week
 * mode sets day to `?`; both `?` is refused by keeping the other at every.
 */
export function setPart(state: CronState, key: PartKey, part: PartState): CronState {
  const next: Record<PartKey, PartState> = { ...state, [key]: part };
  if (key === 'day' || key === 'week') {
    const other = key === 'day' ? 'week' : 'day';
    if (part.mode !== 'none') next[other] = { ...state[other], mode: 'none' };
    else if (state[other].mode === 'none') next[other] = { ...state[other], mode: 'every' };
  }
  return next;
}

/** A six- or seven-part expression for the preview: `0` for a hidden second, no year if hidden. */
export function previewExpression(expression: string, shape: CronShape): string {
  const fields = expression.trim().split(/\s+/);
  const six = shape.hideSecond ? ['0', ...fields] : fields;
  return joinCron({
    second: six[0] ?? '',
    minute: six[1] ?? '',
    hour: six[2] ?? '',
    day: six[3] ?? '',
    month: six[4] ?? '',
    week: six[5] ?? '',
    year: shape.hideSecond || shape.hideYear ? undefined : six[6],
  });
}
