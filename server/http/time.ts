/** Date-time rendering and parsing in the configured time zone (API text `yyyy-MM-dd HH:mm:ss`). */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws when the zone is unknown to this Node's ICU data. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

function parts(date: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** `yyyy-MM-dd HH:mm:ss` in the zone, or null. */
export function formatDateTime(date: Date | null | undefined, timeZone: string): string | null {
  if (!date) return null;
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `yyyy-MM-dd` in the zone. */
export function formatDate(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Offset of the zone from UTC at the given instant, in ms. */
function zoneOffset(epochMs: number, timeZone: string): number {
  const p = parts(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** Epoch ms of a wall-clock time in the zone (e.g. a `yyyyMMddHHmmss` X-TIMESTAMP). */
export function wallTimeToEpoch(
  fields: readonly [number, number, number, number, number, number],
  timeZone: string,
): number {
  const [y, mo, d, h, mi, s] = fields;
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  const first = guess - zoneOffset(guess, timeZone);
  // A second pass settles instants next to a daylight-saving change.
  return guess - zoneOffset(first, timeZone);
}
