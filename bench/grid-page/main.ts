import { benchData, GRID_HEIGHT, type BenchData } from './data';
import { startProbe, type Contender } from './probe';

/**
 * `?grid=ours|rdg|vxe&rows=10000&cols=30`: one contender per load, so heaps do not mix. The
 * contender's code and the data are ready before the render call; `mountMs` starts there.
 */
type Mount = (container: HTMLElement, data: BenchData) => Contender;
/** What must exist before a grid opens (the product's app shell); not part of the mount. */
type Prepare = (container: HTMLElement) => Promise<void>;

const CONTENDERS: Record<string, () => Promise<{ mountGrid: Mount; prepare?: Prepare }>> = {
  ours: () => import('./ours'),
  rdg: () => import('./rdg'),
  vxe: () => import('./vxe'),
};

const params = new URLSearchParams(window.location.search);
const name = params.get('grid') ?? 'ours';
const rows = Number(params.get('rows') ?? 10_000);
const cols = Number(params.get('cols') ?? 30);
const load = CONTENDERS[name];
if (!load) throw new Error(`unknown grid ${name}: ours, rdg or vxe`);

const { mountGrid, prepare } = await load();
const data = benchData(rows, cols);
const container = document.getElementById('grid')!;
container.style.height = `${GRID_HEIGHT}px`;
document.getElementById('caption')!.textContent = `${name}: ${rows} × ${cols}`;

await prepare?.(container);

let contender: Contender | null = null;
performance.mark('grid:start');
const start = performance.now();
startProbe(container, rows, start, () => contender);
contender = mountGrid(container, data);
