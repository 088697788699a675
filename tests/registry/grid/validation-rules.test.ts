import { patternRegex } from '../../../src/contracts/validate-presets';
import { describe, expect, it } from 'vitest';
import {
  compileColumns,
  validateAll,
  validateAllSync,
  validateCells,
  applyVerdicts,
  commitTargets,
  NO_ERRORS,
} from '../../../registry/grid/model/validation';
import type { GridColumn, GridRow, GridRule } from '../../../registry/grid';

const column = (rules: GridRule[], extra: Partial<GridColumn> = {}): GridColumn => ({
  key: 'f',
  title: '字段',
  type: 'input',
  validateRules: rules,
  ...extra,
});

/** The message of each row's cell for one column (null = passes). */
async function messages(rules: GridRule[], values: unknown[], extra: Partial<GridColumn> = {}) {
  const rows: GridRow[] = values.map((f, i) => ({ id: String(i), f }));
  const result = await validateAll(rows, compileColumns([column(rules, extra)]), 'id');
  return rows.map((row) => result.index.get(String(row.id))?.get('f') ?? null);
}

const PRESETS: [string, unknown[], unknown[]][] = [
  ['n6-16', ['123456', '1234567890123456'], ['12345', '12345678901234567', '12345a']],
  ['*6-16', ['abc12!', 'a b c d e f'], ['abc', 'x'.repeat(17)]],
  ['s6-18', ['abcdef', 'ABCDEFGHIJKLMNOPQR'], ['abcde', 'abcdef1', 'a'.repeat(19)]],
  ['url', ['http://a.com', 'https://www.x.cn/p?q=1'], ['a.com', 'http//a.com', 'ftp:/x']],
  ['e', ['a@b.cn', 'x.y+z@mail.example.com'], ['a@b', 'ab.cn', '@b.cn']],
  ['m', ['13800138000', '19912345678'], ['12800138000', '1380013800', '138001380001']],
  ['p', ['100000', '518000'], ['012345', '12345', '1234567']],
  ['s', ['abc', 'XYZ'], ['ab1', 'a b']],
  ['n', ['1', '-2.5', 3, '0.75'], ['1.', 'abc', '1e3', '--1']],
  ['z', ['0', '-12', 7], ['1.5', 'a', '1 ']],
  ['money', ['1', '0.5', '12.34'], ['0', '-1', '1.234', '01.5', 'a']],
];

describe('preset patterns (§5)', () => {
  it.each(PRESETS)('%s accepts good values and refuses bad ones', async (pattern, good, bad) => {
    const rule = { pattern, message: '不对' };
    expect(await messages([rule], good)).toEqual(good.map(() => null));
    expect(await messages([rule], bad)).toEqual(bad.map(() => '不对'));
  });

  it.each(PRESETS.map(([p]) => p))('%s skips empty values', async (pattern) => {
    expect(await messages([{ pattern }], ['', null, undefined, '  '])).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('uses the preset message when the rule gives none', async () => {
    expect(await messages([{ pattern: 'm' }], ['123'])).toEqual(['请输入正确的手机号码']);
    expect(await messages([{ pattern: '^x$' }], ['y'])).toEqual(['字段格式不正确']);
  });
});

describe('required, unique and other patterns', () => {
  it('required refuses empty values (text of spaces, empty lists) and names the column', async () => {
    expect(await messages([{ required: true }], ['', '  ', null, [], 'a', 0])).toEqual([
      '字段不能为空',
      '字段不能为空',
      '字段不能为空',
      '字段不能为空',
      null,
      null,
    ]);
  });

  it('* is required', async () => {
    expect(await messages([{ pattern: '*', message: '必填' }], ['', 'x'])).toEqual(['必填', null]);
  });

  it('unique and only flag every row holding a value twice; empty values never clash', async () => {
    const values = ['a', 'b', 'a', '', '', 1, '1'];
    const expected = ['重复', null, '重复', null, null, '重复', '重复'];
    expect(await messages([{ unique: true, message: '重复' }], values)).toEqual(expected);
    expect(await messages([{ pattern: 'only', message: '重复' }], values)).toEqual(expected);
    expect(await messages([{ unique: true }], ['x', 'x'])).toEqual([
      '字段不能重复',
      '字段不能重复',
    ]);
  });

  it('any other pattern is a regular expression', async () => {
    expect(await messages([{ pattern: '^A\\d+$', message: 'A开头' }], ['A12', 'B12'])).toEqual([
      null,
      'A开头',
    ]);
  });

  it('a pattern that is no regular expression checks nothing', async () => {
    expect(await messages([{ pattern: '([', message: '坏' }], ['x'])).toEqual([null]);
  });
});

describe('handlers', () => {
  it('an async handler decides; its answer is the message', async () => {
    const handler = async ({ value }: { value: unknown }) =>
      value === 'taken' ? '已被占用' : undefined;
    expect(await messages([{ handler }], ['free', 'taken'])).toEqual([null, '已被占用']);
  });

  it('sees the row, the column and every row', async () => {
    const seen: unknown[] = [];
    await messages(
      [
        {
          handler: ({ row, column, rows }) => {
            seen.push([row.id, column.key, rows.length]);
            return '';
          },
        },
      ],
      ['a', 'b'],
    );
    expect(seen).toEqual([
      ['0', 'f', 2],
      ['1', 'f', 2],
    ]);
  });

  it('a handler that throws fails with the rule message', async () => {
    const handler = () => Promise.reject(new Error('boom'));
    expect(await messages([{ handler, message: '校验失败' }], ['x'])).toEqual(['校验失败']);
  });

  it('a handler after a failing rule is not asked', async () => {
    let asked = 0;
    const handler = () => {
      asked += 1;
      return 'never';
    };
    expect(await messages([{ required: true }, { handler }], [''])).toEqual(['字段不能为空']);
    expect(asked).toBe(0);
  });
});

describe('messages', () => {
  it('fills ${title}, ${key} and ${defaultValue}', async () => {
    const rule = { required: true, message: '${title}(${key}) 默认 ${defaultValue}' };
    expect(await messages([rule], [''], { defaultValue: 'x' })).toEqual(['字段(f) 默认 x']);
  });

  it('the first failing rule gives the message', async () => {
    const rules = [
      { pattern: 'n', message: '要数字' },
      { pattern: 'z', message: '要整数' },
      { pattern: 'n6-16', message: '要6位' },
    ];
    expect(await messages(rules, ['abc', '1.5', '12', '123456'])).toEqual([
      '要数字',
      '要整数',
      '要6位',
      null,
    ]);
  });

  it('editRules of the grid are checked after the column rules', async () => {
    const compiled = compileColumns([column([{ pattern: 'n', message: '列规则' }])], {
      f: [{ required: true, message: '表规则' }],
    });
    const rows = [
      { id: '1', f: '' },
      { id: '2', f: 'x' },
    ];
    const result = validateAllSync(rows, compiled, 'id');
    expect(result.errors.map((e) => e.message)).toEqual(['表规则', '列规则']);
  });
});

describe('collecting', () => {
  it('counts every failing cell, in row then column order', async () => {
    const columns: GridColumn[] = [
      { key: 'a', title: 'A', type: 'input', validateRules: [{ required: true }] },
      { key: 'b', title: 'B', type: 'input', validateRules: [{ pattern: 'z' }] },
    ];
    const rows = [
      { id: 'r1', a: '', b: 'x' },
      { id: 'r2', a: 'ok', b: '2' },
      { id: 'r3', a: '', b: '3' },
    ];
    const result = await validateAll(rows, compileColumns(columns), 'id');
    expect(result.errors.length).toBe(3);
    expect(result.errors.map((e) => [e.rowId, e.rowIndex, e.key])).toEqual([
      ['r1', 0, 'a'],
      ['r1', 0, 'b'],
      ['r3', 2, 'a'],
    ]);
  });

  // Speed is a bench figure (`npm run bench -- grid`: grid.validate_ms); here, every cell counts.
  it('checks every cell of 10,000 rows × 30 columns, each failing cell once', () => {
    const patterns = ['n', 'z', 'e', 'm', '*6-16', 'money'];
    const columns: GridColumn[] = Array.from({ length: 30 }, (_, c) => ({
      key: `c${c}`,
      title: `列${c}`,
      type: 'input',
      validateRules:
        c % 5 === 0
          ? [{ required: true }, { unique: true }]
          : [{ required: true }, { pattern: patterns[c % patterns.length] }],
    }));
    const rows: GridRow[] = Array.from({ length: 10_000 }, (_, r) => {
      const row: GridRow = { id: String(r) };
      for (let c = 0; c < 30; c++) row[`c${c}`] = c % 5 === 0 ? `v${r}` : String(r % 97);
      return row;
    });
    // The reference count, cell by cell with the presets themselves (unique columns all pass).
    let expected = 0;
    for (let c = 0; c < 30; c++) {
      if (c % 5 === 0) continue;
      const regex = patternRegex(patterns[c % patterns.length]!)!;
      for (let r = 0; r < rows.length; r++) if (!regex.test(String(r % 97))) expected += 1;
    }
    expect(expected).toBeGreaterThan(0);
    const errors = validateAllSync(rows, compileColumns(columns), 'id').errors;
    expect(errors).toHaveLength(expected);
    expect(new Set(errors.map((e) => `${e.rowId}/${e.key}`)).size).toBe(expected);
  });
});

describe('after a commit', () => {
  it('checks the changed cell and the rows sharing its old or new unique value', async () => {
    const compiled = compileColumns([column([{ unique: true, message: '重复' }])]);
    const before: GridRow[] = [
      { id: 'a', f: 'x' },
      { id: 'b', f: 'x' },
      { id: 'c', f: 'y' },
    ];
    let errors = (await validateAll(before, compiled, 'id')).index;
    expect([...errors.keys()]).toEqual(['a', 'b']);
    // b becomes y: a no longer clashes, c now does.
    const after = [before[0], { id: 'b', f: 'y' }, before[2]];
    const targets = commitTargets(compiled, after, [{ index: 1, before: before[1] }], 'id', errors);
    expect([...(targets.get('f') ?? [])].sort()).toEqual([0, 1, 2]);
    errors = applyVerdicts(errors, await validateCells(after, compiled, 'id', targets));
    expect([...errors.keys()].sort()).toEqual(['b', 'c']);
    expect(applyVerdicts(NO_ERRORS, [])).toBe(NO_ERRORS);
  });
});
