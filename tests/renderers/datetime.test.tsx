import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { BUILTIN_BINDINGS } from '../../renderers';
import { builtinRegistry, renderDisplay, renderField } from './support';

const box = async () => (await screen.findByRole('textbox', { name: '名称' })) as HTMLInputElement;

describe('datetime', () => {
  it('shows the value as YYYY-MM-DD HH:mm:ss', async () => {
    renderField({ type: 'datetime', value: '2024-03-05 08:09:10' });
    expect((await box()).value).toBe('2024-03-05 08:09:10');
  });

  it('holds a typed moment as YYYY-MM-DD HH:mm:ss text', async () => {
    const { user, value } = renderField({ type: 'datetime' });
    await user.click(await box());
    await user.keyboard('2024-12-31 23:59:58{Enter}');
    await waitFor(() => expect(value()).toBe('2024-12-31 23:59:58'));
  });

  it('holds a picked day with the time, after 确定', async () => {
    const { user, value } = renderField({ type: 'datetime', value: '2024-03-05 08:09:10' });
    await user.click(await box());
    await user.click(document.querySelector('td[title="2024-03-15"]')!);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(value()).toBe('2024-03-15 08:09:10');
  });

  it('reads a day-only value and shows odd values as empty', async () => {
    const a = renderField({ type: 'datetime', value: '2024-03-05' });
    expect((await box()).value).toBe('2024-03-05 00:00:00');
    a.unmount();
    renderField({ type: 'datetime', value: '2024-13-01 00:00:00' });
    expect((await box()).value).toBe('');
  });

  it('is disabled when disabled', async () => {
    renderField({ type: 'datetime', value: '2024-03-05 08:09:10', disabled: true });
    expect((await box()).disabled).toBe(true);
  });

  it('is a lazy datetime type', () => {
    // The product binds it to a loader (these tests load it up front: support.tsx).
    expect('lazy' in BUILTIN_BINDINGS.datetime).toBe(true);
    expect(builtinRegistry().get('datetime')?.entry.value).toBe('datetime');
  });
});

describe('datetime display', () => {
  it('shows YYYY-MM-DD HH:mm:ss; nothing for unreadable values', () => {
    expect(renderDisplay({ type: 'datetime', value: '2024-03-05 08:09:10' }).text()).toBe(
      '2024-03-05 08:09:10',
    );
    expect(renderDisplay({ type: 'datetime', value: '2024-03-05T08:09:10' }).text()).toBe(
      '2024-03-05 08:09:10',
    );
    expect(renderDisplay({ type: 'datetime', value: 'soon' }).text()).toBe('');
  });
});
