import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Ellipsis } from '../../renderers/shared/Ellipsis';
import { ellipsisText, textWidth } from '../../renderers/shared/ellipsis';

describe('ellipsisText', () => {
  it('counts wide (CJK, full-width) characters 2 and others 1', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('中文')).toBe(4);
    expect(textWidth('ＡＢ，')).toBe(6);
    expect(textWidth('é')).toBe(1);
    expect(textWidth('かな한')).toBe(6);
  });

  it('keeps text that fits 25 units, cuts longer text with ...', () => {
    expect(ellipsisText('x'.repeat(25), 25)).toBe('x'.repeat(25));
    expect(ellipsisText('x'.repeat(26), 25)).toBe(`${'x'.repeat(25)}...`);
    // 12 wide characters are 24 units: the 13th would straddle 25 and is left out.
    expect(ellipsisText('汉'.repeat(13), 25)).toBe(`${'汉'.repeat(12)}...`);
    expect(ellipsisText('汉'.repeat(12) + 'a', 25)).toBe('汉'.repeat(12) + 'a');
    expect(ellipsisText('部门名称很长很长', 12)).toBe('部门名称很长...');
  });

  it('never cuts with 0 units', () => {
    expect(ellipsisText('x'.repeat(100), 0)).toBe('x'.repeat(100));
  });
});

describe('Ellipsis', () => {
  it('shows a short text as it is, with no tooltip', async () => {
    render(<Ellipsis text="短文本" />);
    await userEvent.hover(screen.getByText('短文本'));
    expect(document.querySelector('.ant-tooltip')).toBeNull();
  });

  it('cuts a long text at length and shows the whole text in a tooltip', async () => {
    const whole = '这是一段很长的说明文字用来测试省略';
    render(<Ellipsis text={whole} length={12} />);
    const cut = screen.getByText('这是一段很长...');
    await userEvent.hover(cut);
    expect((await screen.findByRole('tooltip')).textContent).toBe(whole);
  });
});
