import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { builtinRegistry, renderDisplay, renderField } from './support';

const box = async () => (await screen.findByRole('textbox', { name: '名称' })) as HTMLInputElement;

describe('time', () => {
  it('shows the value as HH:mm:ss', async () => {
    renderField({ type: 'time', value: '08:09:10' });
    expect((await box()).value).toBe('08:09:10');
  });

  it('holds a typed time as HH:mm:ss text', async () => {
    const { user, value } = renderField({ type: 'time' });
    await user.click(await box());
    await user.keyboard('13:14:15{Enter}');
    await waitFor(() => expect(value()).toBe('13:14:15'));
  });

  it('clears to null', async () => {
    const { user, value, container } = renderField({ type: 'time', value: '08:09:10' });
    await box();
    await user.click(container.querySelector('.ant-picker-clear')!);
    expect(value()).toBeNull();
  });

  it('shows odd values as empty', async () => {
    renderField({ type: 'time', value: '25:61:00' });
    expect((await box()).value).toBe('');
  });

  it('never opens when readOnly', async () => {
    const { user } = renderField({ type: 'time', value: '08:09:10', readOnly: true });
    await user.click(await box());
    expect(document.querySelector('.ant-picker-time-panel')).toBeNull();
  });

  it('is a lazy time type', () => {
    expect(builtinRegistry().get('time')?.entry.value).toBe('time');
  });
});

describe('time display', () => {
  it('shows HH:mm:ss', () => {
    expect(renderDisplay({ type: 'time', value: '08:09' }).text()).toBe('08:09:00');
    expect(renderDisplay({ type: 'time', value: null }).text()).toBe('');
  });
});
