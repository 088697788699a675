import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import {
  CLICK_GUARD_MS,
  MSG_TOO_FAST,
  clickVerdict,
  resetClickGuard,
  setClickGuardWindow,
  useClickGuard,
} from '../../registry/use-click-guard';

function Buttons({ onSave, onOther }: { onSave: () => void; onOther: () => void }) {
  const guard = useClickGuard();
  return (
    <>
      <button onClick={() => guard('orders:save', onSave)}>保存</button>
      <button onClick={() => guard('orders:other', onOther)}>其他</button>
    </>
  );
}

function setup() {
  const onSave = vi.fn();
  const onOther = vi.fn();
  render(
    <App>
      <Buttons onSave={onSave} onOther={onOther} />
    </App>,
  );
  return { onSave, onOther };
}

const warnings = () => screen.queryAllByText(MSG_TOO_FAST).length;

beforeEach(() => {
  vi.useFakeTimers();
  resetClickGuard();
  setClickGuardWindow(CLICK_GUARD_MS);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useClickGuard', () => {
  it('ignores a second click under the same key within 300 ms and warns once per burst', async () => {
    const { onSave } = setup();
    fireEvent.click(screen.getByText('保存'));
    expect(onSave).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(screen.getByText('保存'));
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(screen.getByText('保存'));
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(warnings()).toBe(1);
  });

  it('lets a click through once 300 ms have passed', () => {
    const { onSave } = setup();
    fireEvent.click(screen.getByText('保存'));
    act(() => vi.advanceTimersByTime(CLICK_GUARD_MS));
    fireEvent.click(screen.getByText('保存'));
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('keeps one component apart from another under the same key (a dialog opened afresh)', () => {
    const first = vi.fn();
    const second = vi.fn();
    render(
      <App>
        <Buttons onSave={first} onOther={vi.fn()} />
        <Buttons onSave={second} onOther={vi.fn()} />
      </App>,
    );
    const [a, b] = screen.getAllByText('保存');
    fireEvent.click(a!);
    fireEvent.click(b!);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('keeps keys apart', () => {
    const { onSave, onOther } = setup();
    fireEvent.click(screen.getByText('保存'));
    fireEvent.click(screen.getByText('其他'));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onOther).toHaveBeenCalledTimes(1);
  });
});

describe('clickVerdict', () => {
  it('passes, warns, ignores, then passes again after the window', () => {
    expect(clickVerdict('k', 1000)).toBe('pass');
    expect(clickVerdict('k', 1299)).toBe('warn');
    expect(clickVerdict('k', 1299)).toBe('ignore');
    expect(clickVerdict('k', 1300)).toBe('pass');
    expect(clickVerdict('k', 1301)).toBe('warn');
  });
});
