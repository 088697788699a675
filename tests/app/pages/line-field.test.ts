import { describe, expect, it } from 'vitest';
import { createLineField, stepLineField } from '../../../src/app/pages/login/line-field';

/** A repeatable random source. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

describe('login background line field', () => {
  it('makes the requested number of lines inside the field', () => {
    const field = createLineField(800, 600, 100, seeded(1));
    expect(field.lines).toHaveLength(100);
    for (const line of field.lines) {
      expect(line.x).toBeGreaterThanOrEqual(0);
      expect(line.x).toBeLessThan(800);
      expect(line.y).toBeGreaterThanOrEqual(0);
      expect(line.y).toBeLessThan(600);
      expect(Math.hypot(line.dx, line.dy)).toBeCloseTo(1);
    }
  });

  it('moves each line along its direction by its speed', () => {
    const field = createLineField(800, 600, 10, seeded(2));
    const wrap = (v: number, max: number) => ((v % max) + max) % max;
    const next = stepLineField(field);
    next.lines.forEach((line, i) => {
      const before = field.lines[i]!;
      expect(line.x).toBeCloseTo(wrap(before.x + before.dx * before.speed, 800));
      expect(line.y).toBeCloseTo(wrap(before.y + before.dy * before.speed, 600));
      expect({ ...line, x: 0, y: 0 }).toEqual({ ...before, x: 0, y: 0 });
    });
  });

  it('wraps a line leaving the field to the other side', () => {
    const field = {
      width: 100,
      height: 100,
      lines: [{ x: 99.5, y: 0.2, dx: 1, dy: -1, speed: 1, length: 10, alpha: 0.1 }],
    };
    const [line] = stepLineField(field).lines;
    expect(line?.x).toBeCloseTo(0.5);
    expect(line?.y).toBeCloseTo(99.2);
  });
});
