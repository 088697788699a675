import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AreaItem } from '../../src/contracts/area-code';
import { pcaEntry } from '../../src/contracts/catalogue/entries/pca';
import type { Http } from '../../src/runtime/http';
import { envelope } from '../runtime/fakes';
import { WithServices, type Call } from './sel-user-support';
import { builtinRegistry, fieldOf } from './support';
import { shownTexts, switcherOf, treeNode } from './tree-select-support';

/**
 * The area linkage picker `pca` (widgets.md §2.1, §3, §5, §9) against a fake area server:
 * cascader and tree modes, `from` / `includeFrom`, the level leaf rule, the reset on a prop
 * change, the §8 message and the names of a screen of values in one lookup.
 */

const AREAS: readonly AreaItem[] = [
  { id: '110000', pid: '0', name: '北京市', level: 1 },
  { id: '440000', pid: '0', name: '广东省', level: 1 },
  { id: '110100', pid: '110000', name: '市辖区', level: 2 },
  { id: '110105', pid: '110100', name: '朝阳区', level: 3 },
  { id: '110108', pid: '110100', name: '海淀区', level: 3 },
  { id: '440100', pid: '440000', name: '广州市', level: 2 },
  { id: '440300', pid: '440000', name: '深圳市', level: 2 },
  { id: '440106', pid: '440100', name: '天河区', level: 3 },
  { id: '440304', pid: '440300', name: '福田区', level: 3 },
  { id: '440305', pid: '440300', name: '南山区', level: 3 },
  { id: '440305001', pid: '440305', name: '南头街道', level: 4 },
];

const BY_PID = '/module/default/address/common/nl/all/data/by-pid';
const BY_IDS = '/module/default/address/common/nl/all/data/by-ids';

function fakeAreaHttp() {
  const calls: Call[] = [];
  const get = vi.fn(async (url: string, params?: object) => {
    const p = (params ?? {}) as Record<string, string>;
    calls.push({ url, params: p });
    if (url === BY_PID) return envelope(AREAS.filter((a) => a.pid === p.pid));
    if (url === BY_IDS) {
      return envelope(p.ids!.split(',').flatMap((id) => AREAS.filter((a) => a.id === id)));
    }
    throw new Error(`unexpected call ${url}`);
  });
  const refuse = () => Promise.reject(new Error('not used'));
  const http = { get, post: refuse, put: refuse, delete: refuse, blob: refuse } as unknown as Http;
  return { http, calls: (url: string) => calls.filter((c) => c.url === url) };
}

type Props = Readonly<Record<string, unknown>>;

function renderPca(initial: { value?: unknown; props?: Props; inQuery?: boolean }) {
  const fake = fakeAreaHttp();
  const Widget = builtinRegistry().get('pca')!.field;
  const onChange = vi.fn<(value: unknown) => void>();
  function Host({ props }: { readonly props: Props }) {
    const [value, setValue] = useState<unknown>(initial.value);
    return (
      <Widget
        {...props}
        field={fieldOf({ type: 'pca', label: '所在地区', props })}
        value={value}
        inQuery={initial.inQuery}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  const tree = (props: Props) => (
    <WithServices http={fake.http}>
      <Host props={props} />
    </WithServices>
  );
  const view = render(tree(initial.props ?? {}));
  return {
    ...view,
    ...fake,
    onChange,
    user: userEvent.setup({ delay: null }),
    setProps: (props: Props) => view.rerender(tree(props)),
  };
}

const combo = () => screen.getByRole('combobox', { name: '所在地区' });

/** An entry of the open cascader's columns, by its name. */
const menuItem = (name: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('.ant-cascader-menu-item')].find(
      (item) => item.getAttribute('title') === name,
    );
    if (!found) throw new Error(`${name} not shown`);
    return found as HTMLElement;
  });

const columns = () =>
  [...document.querySelectorAll('.ant-cascader-menu')].map((menu) =>
    [...menu.querySelectorAll('.ant-cascader-menu-item')].map((i) => i.getAttribute('title')),
  );

/** The text the single cascader's box shows. */
const boxText = (container: HTMLElement) =>
  container.querySelector('.ant-select-selection-item')?.textContent ?? '';

describe('pca in cascader mode', () => {
  it('loads the provinces, then each level as it opens; picking a district holds its code', async () => {
    const t = renderPca({ value: '' });
    await waitFor(() => expect(t.calls(BY_PID)).toHaveLength(1));
    await t.user.click(combo());
    await t.user.click(await menuItem('广东省'));
    await t.user.click(await menuItem('深圳市'));
    // Level 3 (the default): a district is a leaf, nothing below it is asked for.
    await t.user.click(await menuItem('南山区'));
    expect(t.onChange).toHaveBeenLastCalledWith('440305');
    expect(t.calls(BY_PID).map((c) => c.params.pid)).toEqual(['0', '440000', '440300']);
    await waitFor(() => expect(boxText(t.container)).toBe('广东省 / 深圳市 / 南山区'));
  });

  it('shows a held code as its path of names and opens at it', async () => {
    const t = renderPca({ value: '440305' });
    await waitFor(() => expect(boxText(t.container)).toBe('广东省 / 深圳市 / 南山区'));
    await t.user.click(combo());
    await waitFor(() =>
      expect(columns()).toEqual([
        ['北京市', '广东省'],
        ['广州市', '深圳市'],
        ['福田区', '南山区'],
      ]),
    );
  });

  it('opened at a held code, another province can be opened and chosen', async () => {
    const t = renderPca({ value: '110108' });
    await waitFor(() => expect(boxText(t.container)).toBe('北京市 / 市辖区 / 海淀区'));
    await t.user.click(combo());
    await waitFor(() => expect(columns()).toHaveLength(3));
    await t.user.click(await menuItem('广东省'));
    await waitFor(() => expect(columns()[1]).toEqual(['广州市', '深圳市']));
    await t.user.click(await menuItem('深圳市'));
    await t.user.click(await menuItem('福田区'));
    expect(t.onChange).toHaveBeenLastCalledWith('440304');
  });

  it('level sets the leaf: level 2 stops at the cities', async () => {
    const t = renderPca({ value: '', props: { level: 2 } });
    await t.user.click(combo());
    await t.user.click(await menuItem('广东省'));
    await t.user.click(await menuItem('广州市'));
    expect(t.onChange).toHaveBeenLastCalledWith('440100');
    expect(t.calls(BY_PID).map((c) => c.params.pid)).toEqual(['0', '440000']);
  });

  it('a level above 4 is always a leaf; level 4 goes down to the streets', async () => {
    const t = renderPca({ value: '', props: { level: 4 } });
    await t.user.click(combo());
    await t.user.click(await menuItem('广东省'));
    await t.user.click(await menuItem('深圳市'));
    await t.user.click(await menuItem('南山区'));
    await t.user.click(await menuItem('南头街道'));
    expect(t.onChange).toHaveBeenLastCalledWith('440305001');
    expect(t.calls(BY_PID).map((c) => c.params.pid)).toEqual(['0', '440000', '440300', '440305']);
  });

  it('multiple holds the ticked regions comma-separated', async () => {
    const t = renderPca({ value: '110108', props: { multiple: true } });
    await waitFor(() => expect(shownTexts(t.container)).toEqual(['海淀区']));
    await t.user.click(combo());
    await t.user.click(await menuItem('广东省'));
    await t.user.click(await menuItem('深圳市'));
    const nanshan = await menuItem('南山区');
    await t.user.click(nanshan.querySelector('.ant-cascader-checkbox')!);
    expect(t.onChange).toHaveBeenLastCalledWith('110108,440305');
  });

  it('from: the top level is the children of from; includeFrom puts from itself on top', async () => {
    const t = renderPca({ value: '', props: { from: '440000' } });
    await t.user.click(combo());
    await waitFor(() => expect(columns()).toEqual([['广州市', '深圳市']]));
    await t.user.click(await menuItem('深圳市'));
    await t.user.click(await menuItem('福田区'));
    expect(t.onChange).toHaveBeenLastCalledWith('440304');
    t.unmount();

    const inc = renderPca({ value: '440304', props: { from: '440300', includeFrom: true } });
    await waitFor(() => expect(boxText(inc.container)).toBe('广东省 / 深圳市 / 福田区'));
    await inc.user.click(combo());
    await waitFor(() => expect(columns()[0]).toEqual(['深圳市']));
    expect(columns()[1]).toEqual(['福田区', '南山区']);
  });

  it('a code outside from shows the message of widgets.md §8, exactly', async () => {
    renderPca({ value: '110108', props: { from: '440000' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('value 必须在 from 中 , 请修改 from 或者检查 value ');
  });

  it('no message while every code lies inside from', async () => {
    const t = renderPca({ value: '440305,440106', props: { from: '440000', multiple: true } });
    await waitFor(() => expect(shownTexts(t.container)).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('resets its value and loads again when from, includeFrom, level or multiple change', async () => {
    const t = renderPca({ value: '440305' });
    await waitFor(() => expect(boxText(t.container)).toBe('广东省 / 深圳市 / 南山区'));
    expect(t.onChange).not.toHaveBeenCalled();
    t.setProps({ level: 2 });
    await waitFor(() => expect(t.onChange).toHaveBeenLastCalledWith(''));
    expect(boxText(t.container)).toBe('');

    const changes: Props[] = [{ from: '440000' }, { includeFrom: true }, { multiple: true }];
    for (const props of changes) {
      const again = renderPca({ value: '440305' });
      again.setProps(props);
      await waitFor(() => expect(again.onChange).toHaveBeenLastCalledWith(''));
      again.unmount();
    }
    // The new from's level is loaded.
    const moved = renderPca({ value: '' });
    moved.setProps({ from: '440300' });
    await waitFor(() =>
      expect(moved.calls(BY_PID).map((c) => c.params.pid)).toEqual(['0', '440300']),
    );
  });

  it('in a query form any level may be chosen (a province finds all of it)', async () => {
    const t = renderPca({ value: '', inQuery: true });
    await t.user.click(combo());
    await t.user.click(await menuItem('广东省'));
    expect(t.onChange).toHaveBeenLastCalledWith('440000');
    expect(pcaEntry.queryFilter!('440000')).toBe('44*');
    expect(pcaEntry.queryFilter!('440300')).toBe('4403*');
    expect(pcaEntry.queryFilter!('440305')).toBe('440305*');
    expect(pcaEntry.queryFilter!('440305,110108')).toBe('440305,110108');
  });
});

describe('pca in tree mode', () => {
  it('a multi-select tree with lazy children, holding codes comma-separated', async () => {
    const t = renderPca({ value: '110108', props: { mode: 'tree', multiple: true } });
    await waitFor(() => expect(shownTexts(t.container)).toEqual(['海淀区']));
    await t.user.click(combo());
    await treeNode('广东省');
    expect(document.querySelector('[title="深圳市"]')).toBeNull();
    await t.user.click(await switcherOf('广东省'));
    await t.user.click(await switcherOf('深圳市'));
    await t.user.click(await treeNode('福田区'));
    expect(t.onChange).toHaveBeenLastCalledWith('110108,440304');
    expect(t.calls(BY_PID).map((c) => c.params.pid)).toEqual(['0', '440000', '440300']);
    // Districts are leaves at the default level 3: no switcher opens a level below.
    const futian = (await treeNode('福田区')).closest('.ant-select-tree-treenode')!;
    expect(futian.querySelector('.ant-select-tree-switcher-noop')).not.toBeNull();
  });
});

describe('pca tree mode with from', () => {
  it('includeFrom puts from on top; one region is held in single mode', async () => {
    const t = renderPca({ value: '', props: { mode: 'tree', from: '440300', includeFrom: true } });
    await t.user.click(combo());
    await treeNode('深圳市');
    expect(document.querySelector('[title="广东省"]')).toBeNull();
    await t.user.click(await switcherOf('深圳市'));
    await t.user.click(await treeNode('南山区'));
    expect(t.onChange).toHaveBeenLastCalledWith('440305');
    expect(t.calls(BY_PID).map((c) => c.params.pid)).toEqual(['440000', '440300']);
  });

  it('shows the from message for a code outside from', async () => {
    renderPca({ value: '440106', props: { mode: 'tree', from: '440300' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'value 必须在 from 中 , 请修改 from 或者检查 value ',
    );
  });
});

describe('pca as a grid cell', () => {
  it('is small and focused, named by its column, and picks like the form widget', async () => {
    const fake = fakeAreaHttp();
    const Cell = builtinRegistry().get('pca')!.field;
    const onChange = vi.fn<(value: unknown) => void>();
    const { container } = render(
      <WithServices http={fake.http}>
        <Cell value="" onChange={onChange} autoFocus size="small" aria-label="地区" />
      </WithServices>,
    );
    const box = await screen.findByRole('combobox', { name: '地区' });
    expect(container.querySelector('.ant-select-sm')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box));
    const user = userEvent.setup({ delay: null });
    await user.click(box);
    await user.click(await menuItem('北京市'));
    await user.click(await menuItem('市辖区'));
    await user.click(await menuItem('朝阳区'));
    expect(onChange).toHaveBeenLastCalledWith('110105');
  });
});

describe('pca read-only view', () => {
  it('shows the paths of names; a screen of values asks for them in one request', async () => {
    const fake = fakeAreaHttp();
    const Display = builtinRegistry().get('pca')!.display!;
    const values = Array.from(
      { length: 60 },
      (_, i) => ['440305', '110108', '440106,440304', '华北'][i % 4],
    );
    render(
      <WithServices http={fake.http}>
        {values.map((value, i) => (
          <div key={i} data-testid="cell">
            <Display value={value} variant="detail" />
          </div>
        ))}
      </WithServices>,
    );
    const cells = () => screen.getAllByTestId('cell').map((c) => c.textContent);
    await waitFor(() => expect(cells()[0]).toBe('广东省 / 深圳市 / 南山区'));
    expect(cells()[1]).toBe('北京市 / 市辖区 / 海淀区');
    expect(cells()[2]).toBe('广东省 / 广州市 / 天河区,广东省 / 深圳市 / 福田区');
    // A value held before the field became a pca reads as itself; only codes are asked for.
    expect(cells()[3]).toBe('华北');
    expect(String(fake.calls(BY_IDS)[0]!.params.ids).split(',')).not.toContain('华北');
    expect(fake.calls(BY_IDS)).toHaveLength(1);
    expect(fake.calls(BY_PID)).toHaveLength(0);
  });
});
