/**
 * The walkthrough of docs/renderers.md ("Registering a new type"), step by step: the `rate`
 * renderer below is the doc's code — keep the two in step.
 */
import { describe, expect, it } from 'vitest';
import { Rate } from 'antd';
import { screen } from '@testing-library/react';
import { createRegistry } from '../../registry/registry';
import type { DisplayProps, FieldWidgetProps, RendererComponents } from '../../registry/types';
import { registerBuiltinRenderers } from '../../renderers';
import { asNumber } from '../../renderers/shared/values';
import { defineEntry } from '../../src/contracts/catalogue/entry';
import { defineProps } from '../../src/contracts/catalogue/props';
import type { PageDefinition } from '../../src/contracts/page';
import { checkPage } from '../../src/contracts/page-check';
import { catalogueWith } from '../registry/test-catalogue';
import { renderDisplay, renderField } from './support';

// ── src/contracts/catalogue/entries/rate.ts ──────────────────────────────────────────────
/** Props of `rate`: a score of 1 to `count` stars, held as a number (null when cleared). */
interface RateProps {
  /** Number of stars. Default `5`. */
  readonly count?: number;
  /** Half stars can be chosen. Default `false`. */
  readonly allowHalf?: boolean;
}

const rateProps = defineProps<RateProps>()(
  {
    count: { type: 'integer', minimum: 1, maximum: 10, description: '星星的个数' },
    allowHalf: { type: 'boolean', description: '可以选半星' },
  },
  { count: 5, allowHalf: false },
);

const rateEntry = defineEntry({
  type: 'rate',
  title: '评分',
  props: rateProps,
  value: 'number',
  queryRule: 'eq',
  grid: { width: 140, text: 'display' },
  lookups: [],
});

// ── src/contracts/catalogue/entries/index.ts: `rateEntry` joins BUILTIN_ENTRIES ─────────────
// (here: a catalogue of the built-ins plus `rate`; the product runs `npm run generate`)
const catalogue = catalogueWith(rateEntry);

// ── renderers/rate/Widget.tsx ────────────────────────────────────────────────────────────
/** Stars; clicking the chosen star again clears the score. */
function RateWidget(props: FieldWidgetProps) {
  const p = rateProps.read(props);
  return (
    <Rate
      count={p.count}
      allowHalf={p.allowHalf}
      value={asNumber(props.value) ?? 0}
      onChange={(score) => props.onChange?.(score === 0 ? null : score)}
      disabled={props.disabled || props.readOnly}
    />
  );
}

// ── renderers/rate/Display.tsx ───────────────────────────────────────────────────────────
/** `3 / 5` in cells, the stars in a detail view. */
function RateDisplay(props: DisplayProps) {
  const p = rateProps.read(props);
  const score = asNumber(props.value);
  if (score === null) return null;
  if (props.variant === 'detail') return <Rate disabled count={p.count} value={score} />;
  return <span>{`${score} / ${p.count}`}</span>;
}

// ── renderers/rate/index.tsx ─────────────────────────────────────────────────────────────
const rateRenderer: RendererComponents = { field: RateWidget, display: RateDisplay };

// ── renderers/index.ts: `rate: rateRenderer` joins BUILTIN_BINDINGS ───────────────────────
function appRegistry() {
  const registry = createRegistry(catalogue);
  registerBuiltinRenderers(registry);
  registry.register('rate', rateRenderer);
  return registry;
}

const definition = (count: unknown): PageDefinition => ({
  schemaVersion: 2,
  code: 'product_review',
  title: '商品评价',
  kind: 'list',
  api: { list: '/demo/review/list' },
  fields: [
    { name: 'product', label: '商品', type: 'input' },
    { name: 'comment', label: '评语', type: 'textarea' },
    { name: 'score', label: '评分', type: 'rate', props: { count, allowHalf: true } },
  ],
});

describe('docs/renderers.md: registering `rate`', () => {
  it('step 5: the page checks, and a bad prop is reported with its path', () => {
    expect(checkPage(definition(5), { catalogue }).ok).toBe(true);
    expect(checkPage(definition(20), { catalogue })).toEqual({
      ok: false,
      problems: [{ path: '/fields/2/props/count', message: '组件 rate：应当为 <= 10' }],
    });
  });

  it('step 5: a catalogue without the entry refuses the page, naming the known types', () => {
    const checked = checkPage(definition(5));
    expect(checked.ok ? [] : checked.problems.map((p) => p.path)).toEqual(['/fields/2/type']);
  });

  it('step 6: the form holds the score as a number', async () => {
    const { user, value, container } = renderField({
      type: 'rate',
      registry: appRegistry(),
      props: { count: 5 },
    });
    const stars = container.querySelectorAll('.ant-rate-star > div');
    expect(stars).toHaveLength(5);
    await user.click(stars[2]!);
    expect(value()).toBe(3);
    await user.click(stars[2]!);
    expect(value()).toBeNull();
  });

  it('step 6: the list shows 3 / 5, the detail view shows stars', () => {
    const registry = appRegistry();
    expect(renderDisplay({ type: 'rate', registry, value: 3 }).text()).toBe('3 / 5');
    const { container } = renderDisplay({ type: 'rate', registry, value: 4, variant: 'detail' });
    expect(container.querySelectorAll('.ant-rate-star-full')).toHaveLength(4);
    expect(screen.queryByText('4 / 5')).toBeNull();
  });
});
