import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderDisplay, renderField } from './support';

const handle = () => screen.getByRole('slider', { name: '拖动滑块验证' });
const track = () => handle().parentElement as HTMLElement;

/** The track is 340 px wide, the handle 40: the handle travels 300 px. */
function layOut() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 340,
    height: 40,
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 340,
    bottom: 40,
    toJSON: () => ({}),
  });
}

afterEach(() => vi.restoreAllMocks());

describe('slider_check', () => {
  it('starts idle with 拖动滑块验证 and an accessible slider at 0', () => {
    renderField({ type: 'slider_check', label: '验证' });
    expect(screen.getByText('拖动滑块验证')).toBeTruthy();
    expect(handle().getAttribute('aria-valuemin')).toBe('0');
    expect(handle().getAttribute('aria-valuemax')).toBe('100');
    expect(handle().getAttribute('aria-valuenow')).toBe('0');
    expect(handle().tabIndex).toBe(0);
    expect(track().dataset.state).toBe('idle');
  });

  it('passes when the handle is dragged the whole track: 验证通过, green, locked, value true', () => {
    layOut();
    const { value, onChange } = renderField({ type: 'slider_check', label: '验证' });
    fireEvent.pointerDown(handle(), { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle(), { clientX: 160, pointerId: 1 });
    expect(track().dataset.state).toBe('dragging');
    expect(handle().getAttribute('aria-valuenow')).toBe('50');
    fireEvent.pointerMove(handle(), { clientX: 400, pointerId: 1 });
    fireEvent.pointerUp(handle(), { clientX: 400, pointerId: 1 });
    expect(value()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByText('验证通过')).toBeTruthy();
    expect(screen.queryByText('拖动滑块验证')).toBeNull();
    expect(track().dataset.state).toBe('succeeded');
    expect(track().style.background).toBe('#52c41a');
    // Locked: neither a new drag nor the keyboard moves it back.
    fireEvent.pointerDown(handle(), { clientX: 300, pointerId: 2 });
    fireEvent.pointerMove(handle(), { clientX: 0, pointerId: 2 });
    fireEvent.keyDown(handle(), { key: 'Home' });
    expect(handle().getAttribute('aria-valuenow')).toBe('100');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(handle().tabIndex).toBe(-1);
  });

  it('snaps back when released before the end', () => {
    layOut();
    const { onChange } = renderField({ type: 'slider_check', label: '验证' });
    fireEvent.pointerDown(handle(), { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(handle(), { clientX: 299, pointerId: 1 });
    fireEvent.pointerUp(handle(), { clientX: 299, pointerId: 1 });
    expect(handle().getAttribute('aria-valuenow')).toBe('0');
    expect(track().dataset.state).toBe('idle');
    expect(screen.getByText('拖动滑块验证')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is operable with the keyboard: ArrowRight steps, End passes', async () => {
    const { user, value } = renderField({ type: 'slider_check', label: '验证' });
    await user.tab();
    expect(document.activeElement).toBe(handle());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(handle().getAttribute('aria-valuenow')).toBe('20');
    expect(value()).toBeUndefined();
    await user.keyboard('{End}');
    expect(value()).toBe(true);
    expect(screen.getByText('验证通过')).toBeTruthy();
  });

  it('reaches the end with ArrowRight alone', () => {
    const { value } = renderField({ type: 'slider_check', label: '验证' });
    for (let i = 0; i < 9; i += 1) fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(value()).toBeUndefined();
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(value()).toBe(true);
  });

  it('shows a passed value as passed', () => {
    renderField({ type: 'slider_check', label: '验证', value: true });
    expect(screen.getByText('验证通过')).toBeTruthy();
    expect(handle().getAttribute('aria-valuenow')).toBe('100');
  });

  it('does not move while disabled', () => {
    const { value } = renderField({ type: 'slider_check', label: '验证', disabled: true });
    fireEvent.keyDown(handle(), { key: 'End' });
    expect(value()).toBeUndefined();
    expect(handle().getAttribute('aria-disabled')).toBe('true');
  });

  it('reads 已验证 / 未验证', () => {
    const passed = renderDisplay({ type: 'slider_check', value: true });
    expect(passed.getByTestId('display').textContent).toBe('已验证');
    passed.unmount();
    const not = renderDisplay({ type: 'slider_check', value: false });
    expect(not.getByTestId('display').textContent).toBe('未验证');
  });
});
