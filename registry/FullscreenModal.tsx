import { useEffect, useState } from 'react';
import { Modal, type ModalProps } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

/** Names of the title-bar toggle. */
export const MSG_FULLSCREEN = '全屏';
export const MSG_EXIT_FULLSCREEN = '退出全屏';

/**
 * An antd modal with a fullscreen toggle in its title bar (widgets.md §2.3); it opens at its
 * usual size every time (§4: the toggle resets to the initial state on reopen).
 */
export function FullscreenModal({ title, open, width, style, className, ...rest }: ModalProps) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (open) setFull(false);
  }, [open]);
  const Icon = full ? FullscreenExitOutlined : FullscreenOutlined;
  const label = full ? MSG_EXIT_FULLSCREEN : MSG_FULLSCREEN;
  return (
    <Modal
      {...rest}
      open={open}
      className={[className, full ? 'fullscreen-modal-full' : undefined].filter(Boolean).join(' ')}
      // The title stays a plain text child of the title bar; the toggle sits left of the close
      // icon (the modal's content box is positioned).
      title={
        <>
          {title}
          <button
            type="button"
            aria-label={label}
            title={label}
            aria-pressed={full}
            onClick={() => setFull((f) => !f)}
            style={{
              position: 'absolute',
              top: 17,
              insetInlineEnd: 56,
              width: 22,
              height: 22,
              padding: 0,
              border: 0,
              background: 'transparent',
              cursor: 'pointer',
              color: 'rgba(0,0,0,0.45)',
            }}
          >
            <Icon />
          </button>
        </>
      }
      width={full ? '100vw' : width}
      style={full ? { ...style, top: 0, maxWidth: '100vw', padding: 0 } : style}
      styles={
        full
          ? {
              ...rest.styles,
              content: { minHeight: '100vh', borderRadius: 0 },
              body: { maxHeight: 'calc(100vh - 120px)', overflow: 'auto' },
            }
          : rest.styles
      }
    />
  );
}
