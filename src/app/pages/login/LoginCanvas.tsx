import { useEffect, useRef } from 'react';
import { createLineField, stepLineField, type LineField } from './line-field';

/** Login background animation: loop every 25 ms, 100 lines (shell.md §9). */
export const CANVAS_LOOP_MS = 25;
export const CANVAS_LINES = 100;

function draw(ctx: CanvasRenderingContext2D, field: LineField) {
  ctx.clearRect(0, 0, field.width, field.height);
  ctx.lineWidth = 1;
  for (const line of field.lines) {
    ctx.strokeStyle = `rgba(140, 200, 255, ${line.alpha})`;
    ctx.beginPath();
    ctx.moveTo(line.x, line.y);
    ctx.lineTo(line.x + line.dx * line.length, line.y + line.dy * line.length);
    ctx.stroke();
  }
}

export function LoginCanvas({ className }: { readonly className?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let field: LineField;
    const resize = () => {
      canvas.width = canvas.clientWidth;
      canvas.height = canvas.clientHeight;
      field = createLineField(canvas.width, canvas.height, CANVAS_LINES, Math.random);
    };
    resize();
    window.addEventListener('resize', resize);
    const timer = window.setInterval(() => {
      // A hidden tab does no drawing work.
      if (document.hidden) return;
      field = stepLineField(field);
      draw(ctx, field);
    }, CANVAS_LOOP_MS);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', resize);
    };
  }, []);
  return <canvas ref={ref} className={className} aria-hidden="true" />;
}
