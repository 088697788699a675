/** The drifting lines of the login background, as plain data stepped one frame at a time. */
export interface Line {
  readonly x: number;
  readonly y: number;
  /** Unit direction. */
  readonly dx: number;
  readonly dy: number;
  readonly speed: number;
  readonly length: number;
  readonly alpha: number;
}

export interface LineField {
  readonly width: number;
  readonly height: number;
  readonly lines: readonly Line[];
}

function randomLine(width: number, height: number, random: () => number): Line {
  const angle = random() * Math.PI * 2;
  return {
    x: random() * width,
    y: random() * height,
    dx: Math.cos(angle),
    dy: Math.sin(angle),
    speed: 0.2 + random() * 0.8,
    length: 20 + random() * 80,
    alpha: Number((0.08 + random() * 0.3).toFixed(2)),
  };
}

export function createLineField(
  width: number,
  height: number,
  count: number,
  random: () => number,
): LineField {
  return {
    width,
    height,
    lines: Array.from({ length: count }, () => randomLine(width, height, random)),
  };
}

/** Moves every line along its direction; a line leaving the field re-enters on the other side. */
export function stepLineField(field: LineField): LineField {
  const { width, height } = field;
  const wrap = (v: number, max: number) => (max <= 0 ? 0 : ((v % max) + max) % max);
  return {
    width,
    height,
    lines: field.lines.map((l) => ({
      ...l,
      x: wrap(l.x + l.dx * l.speed, width),
      y: wrap(l.y + l.dy * l.speed, height),
    })),
  };
}
