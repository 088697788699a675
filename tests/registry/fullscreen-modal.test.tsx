import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FullscreenModal } from '../../registry/FullscreenModal';

function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>打开</button>
      <FullscreenModal
        open={open}
        title="编辑"
        width={800}
        onCancel={() => setOpen(false)}
        footer={null}
      >
        内容
      </FullscreenModal>
    </>
  );
}

const modal = () => document.querySelector('.ant-modal') as HTMLElement;

describe('FullscreenModal', () => {
  it('toggles fullscreen from its title bar and opens at its usual size again', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await user.click(screen.getByText('打开'));
    expect(modal().style.width).toBe('800px');
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(modal().style.width).toBe('100vw');
    expect(screen.getByRole('button', { name: '退出全屏' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(modal().style.width).toBe('800px');
    // Fullscreen, closed, reopened: back to the initial size.
    await user.click(screen.getByRole('button', { name: '全屏' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByText('打开'));
    expect(modal().style.width).toBe('800px');
    expect(screen.getByRole('button', { name: '全屏' }).getAttribute('aria-pressed')).toBe('false');
  });
});
