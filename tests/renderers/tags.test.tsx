import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TITLE, renderCell, renderCellDisplay } from './cell-support';
import { builtinRegistry, renderDisplay, renderField } from './support';

const combo = (name = '名称') => screen.getByRole('combobox', { name });
/** The tags in the box: text and colour class. */
const boxTags = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-select-selector .ant-tag')].map((t) => ({
    text: t.textContent,
    className: t.className,
  }));
const COLOURS = (tag: string) => (tag === '紧急' ? 'red' : tag === '待办' ? 'blue' : undefined);

describe('tags', () => {
  it('is registered with a props schema', () => {
    expect(builtinRegistry().get('tags')?.entry.props.schema).toBeTruthy();
  });

  it('holds typed tags (ended by ; or leaving the box) as one semicolon-separated string', async () => {
    const { user, value } = renderField({ type: 'tags' });
    await user.type(combo(), '紧急;');
    expect(value()).toBe('紧急');
    await user.type(combo(), '待办;已读');
    await user.tab();
    expect(value()).toBe('紧急;待办;已读');
  });

  it('reads a semicolon-separated string into tags and removes one', async () => {
    const { user, value, container } = renderField({ type: 'tags', value: '紧急; 待办' });
    expect(boxTags(container).map((t) => t.text)).toEqual(['紧急', '待办']);
    await user.click(container.querySelector('.ant-tag .ant-tag-close-icon')!);
    expect(value()).toBe('待办');
  });

  it('colours the tags with the colors prop', () => {
    const { container } = renderField({
      type: 'tags',
      value: '紧急;其他',
      props: { colors: { 紧急: 'red' } },
    });
    const [urgent, other] = boxTags(container);
    expect(urgent?.className).toContain('ant-tag-red');
    expect(other?.className).not.toContain('ant-tag-red');
  });

  it('in the grid colours each tag with setTagColor and shows one tag', async () => {
    const { user, value, container } = renderCell({
      type: 'tags',
      value: '紧急;待办',
      column: { setTagColor: COLOURS },
    });
    expect(document.activeElement).toBe(combo(TITLE));
    const shown = boxTags(container);
    expect(shown[0]).toMatchObject({ text: '紧急' });
    expect(shown[0]?.className).toContain('ant-tag-red');
    expect(container.textContent).toContain('+ 1 ...');
    await user.type(combo(TITLE), '新;');
    expect(value()).toBe('紧急;待办;新');
  });
});

describe('tags display', () => {
  it('shows one Tag per tag, coloured by setTagColor', () => {
    const view = renderCellDisplay({
      type: 'tags',
      value: '紧急;待办;其他',
      column: { setTagColor: COLOURS },
    });
    const shown = [...view.container.querySelectorAll('.ant-tag')];
    expect(shown.map((t) => t.textContent)).toEqual(['紧急', '待办', '其他']);
    expect(shown[0]?.className).toContain('ant-tag-red');
    expect(shown[1]?.className).toContain('ant-tag-blue');
    expect(shown[2]?.className).not.toMatch(/ant-tag-(red|blue)/);
  });

  it('ignores a setTagColor that throws, and shows nothing for an empty string', () => {
    const view = renderCellDisplay({
      type: 'tags',
      value: 'a',
      column: {
        setTagColor: () => {
          throw new Error('boom');
        },
      },
    });
    expect(view.text()).toBe('a');
    expect(renderDisplay({ type: 'tags', value: '' }).text()).toBe('');
  });
});
