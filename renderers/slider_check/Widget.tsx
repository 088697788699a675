import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import type { FieldWidgetProps } from '../../registry/types';

/** The texts of the check (widgets.md §2.3). */
export const SLIDER_TEXT = '拖动滑块验证';
export const SLIDER_PASSED_TEXT = '验证通过';

/** Width of the handle in px; the track is as wide as its container. */
const HANDLE = 40;
/** One arrow-key press moves the handle a tenth of the track. */
const KEY_STEP = 10;
const PASSED_COLOR = '#52c41a';

type Drag = { readonly startX: number; readonly width: number };

/**
 * A track with a handle (widgets.md §4): idle, dragging, succeeded. Dragging the handle the
 * whole track (or ArrowRight / End to the end) passes the check — the value becomes `true`, the
 * track turns green and the slider is locked; letting go earlier snaps it back.
 */
export function SliderCheckWidget(props: FieldWidgetProps) {
  const passed = props.value === true;
  const locked = passed || props.disabled === true || props.readOnly === true;
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  /** Where the handle is, 0–100 % of its way. */
  const [percent, setPercent] = useState(0);
  const [dragging, setDragging] = useState(false);
  const shown = passed ? 100 : percent;

  const succeed = () => {
    setPercent(100);
    setDragging(false);
    drag.current = null;
    props.onChange?.(true);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (locked) return;
    const width = (trackRef.current?.getBoundingClientRect().width ?? 0) - HANDLE;
    if (width <= 0) return;
    drag.current = { startX: e.clientX, width };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d === null) return;
    const moved = Math.min(Math.max(e.clientX - d.startX, 0), d.width);
    setPercent((moved / d.width) * 100);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d === null) return;
    if (e.clientX - d.startX >= d.width) {
      succeed();
      return;
    }
    drag.current = null;
    setDragging(false);
    setPercent(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (locked) return;
    let next: number | null = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = Math.min(percent + KEY_STEP, 100);
    else if (e.key === 'End') next = 100;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = Math.max(percent - KEY_STEP, 0);
    else if (e.key === 'Home') next = 0;
    if (next === null) return;
    e.preventDefault();
    if (next >= 100) succeed();
    else setPercent(next);
  };

  const left = `calc((100% - ${HANDLE}px) * ${shown / 100})`;
  return (
    <div
      ref={trackRef}
      data-state={passed ? 'succeeded' : dragging ? 'dragging' : 'idle'}
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 400,
        height: 40,
        lineHeight: '40px',
        background: passed ? PASSED_COLOR : '#e8e8e8',
        borderRadius: 4,
        userSelect: 'none',
        textAlign: 'center',
        overflow: 'hidden',
        opacity: props.disabled === true ? 0.6 : 1,
      }}
    >
      <div
        aria-hidden
        style={{
          position: 'absolute',
          inset: 0,
          width: `calc(${left} + ${HANDLE / 2}px)`,
          background: passed ? PASSED_COLOR : '#b7eb8f',
          transition: dragging ? 'none' : 'width 0.2s',
        }}
      />
      <span style={{ position: 'relative', color: passed ? '#fff' : '#555', fontSize: 14 }}>
        {passed ? SLIDER_PASSED_TEXT : SLIDER_TEXT}
      </span>
      <div
        role="slider"
        tabIndex={locked ? -1 : 0}
        aria-label={SLIDER_TEXT}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={passed ? SLIDER_PASSED_TEXT : undefined}
        aria-disabled={locked || undefined}
        id={typeof props.id === 'string' ? props.id : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onBlur={props.onBlur}
        style={{
          position: 'absolute',
          top: 0,
          left,
          width: HANDLE,
          height: 40,
          background: '#fff',
          border: '1px solid #d9d9d9',
          borderRadius: 4,
          boxSizing: 'border-box',
          cursor: locked ? 'default' : 'grab',
          touchAction: 'none',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: passed ? PASSED_COLOR : '#888',
          transition: dragging ? 'none' : 'left 0.2s',
        }}
      >
        {passed ? <CheckCircleFilled /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
