import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { builtinRegistry, renderDisplay, renderField } from './support';

const box = () => screen.getByRole('textbox', { name: '名称' }) as HTMLTextAreaElement;

describe('textarea', () => {
  it('holds several lines as typed, 4 rows by default', async () => {
    const { user, value } = renderField({ type: 'textarea' });
    expect(box().getAttribute('rows')).toBe('4');
    await user.type(box(), '第一行{Enter}第二行');
    expect(value()).toBe('第一行\n第二行');
  });

  it('takes rows, and counts towards maxLength', async () => {
    const { user, value } = renderField({ type: 'textarea', props: { rows: 2, maxLength: 5 } });
    expect(box().getAttribute('rows')).toBe('2');
    await user.type(box(), '1234567');
    expect(value()).toBe('12345');
    expect(screen.getByText('5 / 5')).toBeTruthy();
  });

  it('accepts autoSize as a row range', () => {
    renderField({ type: 'textarea', props: { autoSize: { minRows: 2, maxRows: 6 } } });
    expect(box()).toBeTruthy();
  });

  it('is not editable when readOnly or disabled', async () => {
    const ro = renderField({ type: 'textarea', value: 'abc', readOnly: true });
    await ro.user.type(box(), 'x');
    expect(ro.onChange).not.toHaveBeenCalled();
    ro.unmount();
    renderField({ type: 'textarea', value: 'abc', disabled: true });
    expect(box().disabled).toBe(true);
  });

  it('is filtered with like', () => {
    expect(builtinRegistry().get('textarea')?.entry.queryRule).toBe('like');
  });
});

describe('textarea display', () => {
  const text = '第一行说明文字比较长\n第二行说明文字也比较长一些';

  it('keeps line breaks whole in a detail view', () => {
    const { text: shown, container } = renderDisplay({
      type: 'textarea',
      value: text,
      variant: 'detail',
    });
    expect(shown()).toBe(text);
    expect(container.querySelector('span')?.style.whiteSpace).toBe('pre-wrap');
  });

  it('shows one cut line in a cell', () => {
    expect(renderDisplay({ type: 'textarea', value: text }).text()).toBe(
      '第一行说明文字比较长 第二...',
    );
  });
});
