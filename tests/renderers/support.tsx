/**
 * Renders built-in renderers the way the page engine does: through a registry instance
 * (`createRegistry()` + `registerBuiltinRenderers`), the definition's props spread in, a
 * controlled value, antd in Chinese, a Suspense boundary for the lazy types.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { vi } from 'vitest';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRegistry, preloadBindings, type RendererRegistry } from '../../registry/registry';
import type { DisplayProps, ResolvedRenderer } from '../../registry/types';
import { BUILTIN_BINDINGS, registerBuiltinRenderers } from '../../renderers';
import type { FieldDefinition, FieldOption } from '../../src/contracts/page';

// The code of the lazily bound types loads once here, so every test draws the widget itself
// (not a suspense fallback); tests/registry/registry.test.ts covers the lazy path.
await preloadBindings(Object.values(BUILTIN_BINDINGS));

export function builtinRegistry(): RendererRegistry {
  const registry = createRegistry();
  registerBuiltinRenderers(registry);
  return registry;
}

function rendererOf(registry: RendererRegistry, type: string): ResolvedRenderer {
  const renderer = registry.get(type);
  if (!renderer) throw new Error(`type ${type} is not registered`);
  return renderer;
}

export function Providers({ children }: { readonly children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN}>
      <Suspense fallback={<span>加载中</span>}>{children}</Suspense>
    </ConfigProvider>
  );
}

export const SEX: readonly FieldOption[] = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];

export interface FieldCase {
  readonly type: string;
  readonly value?: unknown;
  readonly props?: Readonly<Record<string, unknown>>;
  readonly options?: readonly FieldOption[];
  readonly label?: string;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly readOnly?: boolean;
  readonly registry?: RendererRegistry;
}

export function fieldOf(c: {
  readonly type: string;
  readonly props?: Readonly<Record<string, unknown>>;
  readonly options?: readonly FieldOption[];
  readonly label?: string;
}): FieldDefinition {
  return {
    name: 'f',
    label: c.label ?? '名称',
    type: c.type,
    ...(c.props ? { props: c.props } : {}),
    ...(c.options ? { options: c.options } : {}),
  };
}

/** The field widget of a type, controlled by a tiny host; `onChange` records every value. */
export function renderField(c: FieldCase) {
  const registry = c.registry ?? builtinRegistry();
  const Widget = rendererOf(registry, c.type).field;
  const field = fieldOf(c);
  const onChange = vi.fn<(value: unknown) => void>();
  const onBlur = vi.fn();
  let current: unknown = c.value;
  function Host() {
    const [value, setValue] = useState<unknown>(c.value);
    return (
      <Widget
        {...(c.props ?? {})}
        value={value}
        onChange={(next) => {
          current = next;
          setValue(next);
          onChange(next);
        }}
        onBlur={onBlur}
        disabled={c.disabled}
        readOnly={c.readOnly}
        placeholder={c.placeholder}
        options={c.options ?? []}
        field={field}
      />
    );
  }
  const view = render(
    <Providers>
      <Host />
    </Providers>,
  );
  return {
    ...view,
    onChange,
    onBlur,
    /** The value the host holds now. */
    value: () => current,
    user: userEvent.setup({ delay: null }),
  };
}

export interface DisplayCase {
  readonly type: string;
  readonly value: unknown;
  readonly record?: Readonly<Record<string, unknown>>;
  readonly options?: readonly FieldOption[];
  readonly props?: Readonly<Record<string, unknown>>;
  readonly variant?: DisplayProps['variant'];
  readonly registry?: RendererRegistry;
}

/** The read-only view of a type (the registry's default text view when it has none). */
export function renderDisplay(c: DisplayCase) {
  const registry = c.registry ?? builtinRegistry();
  const Display = rendererOf(registry, c.type).display;
  if (!Display) throw new Error(`type ${c.type} has no display`);
  const view = render(
    <Providers>
      <div data-testid="display">
        <Display
          value={c.value}
          record={c.record}
          options={c.options ?? []}
          field={fieldOf(c)}
          variant={c.variant}
        />
      </div>
    </Providers>,
  );
  const root = () => view.container.querySelector('[data-testid="display"]');
  return {
    ...view,
    /** What the user reads. */
    text: () => root()?.textContent ?? '',
    user: userEvent.setup({ delay: null }),
  };
}
