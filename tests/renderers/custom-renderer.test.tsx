/**
 * The walkthrough of docs/renderers.md ("Registering a new type"), step by step: the `rate`
 * renderer below is the doc's code — keep the two in step.
 */
import { describe, expect, it } from 'vitest';
import { Rate } from 'antd';
import { screen } from '@testing-library/react';
import type { DisplayProps, FieldWidgetProps, RendererSpec } from '../../registry/types';
import { defineProps } from '../../renderers/shared/props';
import { asNumber } from '../../renderers/shared/values';
import type { PageDefinition } from '../../src/contracts/page';
import { builtinRegistry, renderDisplay, renderField } from './support';

// ── renderers/rate/props.ts ──────────────────────────────────────────────────────────────
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
const rateRenderer: RendererSpec = {
  field: RateWidget,
  display: RateDisplay,
  props: rateProps.schema,
  queryRule: 'eq',
  valueType: 'number',
};

// ── the app's registry ───────────────────────────────────────────────────────────────────
function appRegistry() {
  const registry = builtinRegistry();
  registry.register('rate', rateRenderer);
  return registry;
}

const definition = (count: unknown): PageDefinition => ({
  schemaVersion: 2,
  code: 'product_review',
  title: '商品评价',
  kind: 'list',
  fields: [
    { name: 'product', label: '商品', type: 'input' },
    { name: 'comment', label: '评语', type: 'textarea' },
    { name: 'score', label: '评分', type: 'rate', props: { count, allowHalf: true } },
  ],
});

describe('docs/renderers.md: registering `rate`', () => {
  it('step 4: the page validates, and a bad prop is reported with its path', () => {
    const registry = appRegistry();
    expect(registry.checkPage(definition(5))).toEqual([]);
    expect(registry.checkPage(definition(20))).toEqual([
      { path: '/fields/2/props/count', message: '组件 rate：应当为 <= 10' },
    ]);
  });

  it('step 5: the form holds the score as a number', async () => {
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

  it('step 5: the list shows 3 / 5, the detail view shows stars', () => {
    const registry = appRegistry();
    expect(renderDisplay({ type: 'rate', registry, value: 3 }).text()).toBe('3 / 5');
    const { container } = renderDisplay({ type: 'rate', registry, value: 4, variant: 'detail' });
    expect(container.querySelectorAll('.ant-rate-star-full')).toHaveLength(4);
    expect(screen.queryByText('4 / 5')).toBeNull();
  });
});
