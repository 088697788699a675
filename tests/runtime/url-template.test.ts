import { describe, expect, it } from 'vitest';
import { evaluateExpression, renderUrlTemplate } from '../../src/runtime/url-template';

const context = {
  window: { _CONFIG: { domianURL: 'http://api.example.com', 'report-host': 'http://r.example' } },
  token: 'T0K',
  user: { name: '张三', roles: ['admin', 'staff'] },
  port: 8080,
};

describe('renderUrlTemplate', () => {
  it('leaves text without templates alone', () => {
    expect(renderUrlTemplate('https://example.com/a?b=1', context)).toBe(
      'https://example.com/a?b=1',
    );
  });

  it('renders dotted paths into the context', () => {
    expect(renderUrlTemplate('{{ window._CONFIG.domianURL }}/jmreport/list', context)).toBe(
      'http://api.example.com/jmreport/list',
    );
  });

  it('renders bracket paths with single and double quotes', () => {
    expect(renderUrlTemplate("{{window._CONFIG['report-host']}}/view", context)).toBe(
      'http://r.example/view',
    );
    expect(renderUrlTemplate('{{window["_CONFIG"]["domianURL"]}}', context)).toBe(
      'http://api.example.com',
    );
  });

  it('renders several templates and string concatenation with +', () => {
    expect(
      renderUrlTemplate("{{window._CONFIG.domianURL + '/sys'}}?token={{token}}", context),
    ).toBe('http://api.example.com/sys?token=T0K');
  });

  it('renders literals: strings, numbers, number sums', () => {
    expect(renderUrlTemplate("{{'abc'}}", context)).toBe('abc');
    expect(renderUrlTemplate('{{42}}', context)).toBe('42');
    expect(renderUrlTemplate('{{1 + 2}}', context)).toBe('3');
    expect(renderUrlTemplate("{{'a' + 1 + port}}", context)).toBe('a18080');
  });

  it('reads array elements by numeric index', () => {
    expect(renderUrlTemplate('{{user.roles[1]}}', context)).toBe('staff');
  });

  it('unescapes a quote inside a string literal', () => {
    expect(renderUrlTemplate("{{'it\\'s'}}", context)).toBe("it's");
  });

  it('renders unknown names and paths as empty', () => {
    expect(renderUrlTemplate('x{{missing}}y', context)).toBe('xy');
    expect(renderUrlTemplate('x{{user.missing.deeper}}y', context)).toBe('xy');
  });

  it('renders an object value as empty instead of [object Object]', () => {
    expect(renderUrlTemplate('{{window._CONFIG}}', context)).toBe('');
  });
});

describe('renderUrlTemplate with hostile input', () => {
  it('does not reach the constructor or prototype of a value', () => {
    expect(renderUrlTemplate('{{token.constructor}}', context)).toBe('');
    expect(renderUrlTemplate("{{user['constructor']['constructor']}}", context)).toBe('');
    expect(renderUrlTemplate('{{user.__proto__}}', context)).toBe('');
    expect(renderUrlTemplate("{{user['__proto__']['toString']}}", context)).toBe('');
    expect(renderUrlTemplate('{{window.prototype}}', context)).toBe('');
    expect(renderUrlTemplate('{{constructor}}', context)).toBe('');
    expect(renderUrlTemplate('{{toString}}', context)).toBe('');
    expect(renderUrlTemplate('{{user.hasOwnProperty}}', context)).toBe('');
  });

  it('does not read inherited properties such as a string length', () => {
    expect(renderUrlTemplate('{{token.length}}', context)).toBe('');
  });

  it('runs no function calls', () => {
    let called = false;
    const withFunction = { ...context, run: () => ((called = true), 'ran') };
    expect(renderUrlTemplate('{{run()}}', withFunction)).toBe('');
    expect(renderUrlTemplate("{{constructor.constructor('return 1')()}}", context)).toBe('');
    expect(renderUrlTemplate('{{alert(1)}}', context)).toBe('');
    expect(called).toBe(false);
  });

  it('renders other operators and statements as empty', () => {
    expect(renderUrlTemplate('{{1 - 1}}', context)).toBe('');
    expect(renderUrlTemplate('{{token; token}}', context)).toBe('');
    expect(renderUrlTemplate('{{a = 1}}', context)).toBe('');
    expect(renderUrlTemplate('{{`x${token}`}}', context)).toBe('');
    expect(renderUrlTemplate('{{token +}}', context)).toBe('');
    expect(renderUrlTemplate('{{token token}}', context)).toBe('');
    expect(renderUrlTemplate('{{user[token]}}', context)).toBe('');
  });

  it('renders an unterminated string or bracket as empty', () => {
    expect(renderUrlTemplate("{{'abc}}", context)).toBe('');
    expect(renderUrlTemplate('{{"abc}}', context)).toBe('');
    expect(renderUrlTemplate("{{user['name'}}", context)).toBe('');
    expect(renderUrlTemplate('{{user.}}', context)).toBe('');
  });

  it('renders an empty template as empty', () => {
    expect(renderUrlTemplate('a{{}}b', context)).toBe('ab');
    expect(renderUrlTemplate('a{{   }}b', context)).toBe('ab');
  });

  it('leaves the context untouched', () => {
    const target: Record<string, unknown> = { a: { b: 1 } };
    renderUrlTemplate("{{a['__proto__']}}{{a.constructor.prototype}}", target);
    expect(target).toEqual({ a: { b: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('evaluateExpression', () => {
  it('keeps the value type of a single term', () => {
    expect(evaluateExpression('port', context)).toBe(8080);
    expect(evaluateExpression('user.roles', context)).toEqual(['admin', 'staff']);
  });

  it('answers undefined outside the grammar', () => {
    expect(evaluateExpression('port * 2', context)).toBeUndefined();
    expect(evaluateExpression('', context)).toBeUndefined();
  });
});
