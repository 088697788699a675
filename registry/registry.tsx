import { lazy, type ComponentType } from 'react';
import {
  CATALOGUE,
  RESERVED_TYPES,
  reservedMessage,
  type Catalogue,
} from '../src/contracts/catalogue/index';
import type {
  DisplayProps,
  FieldWidgetProps,
  RegisterOptions,
  RendererBinding,
  RendererComponents,
  ResolvedRenderer,
} from './types';

export { RESERVED_TYPES, reservedMessage };

export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

/**
 * The browser's renderer registry: React components bound to the types of a catalogue. What a
 * type is (props schema, value kind, query rule, grid defaults) is its catalogue entry; the
 * registry only adds how it draws, and says no to a type the catalogue does not know.
 */
export interface RendererRegistry {
  /** The catalogue whose types this registry binds (pages are checked against it). */
  readonly catalogue: Catalogue;
  /**
   * Binds components to a catalogue type; refuses reserved names, types outside the catalogue
   * and a second binding of a type (unless override).
   */
  register(type: string, binding: RendererBinding, options?: RegisterOptions): void;
  /** The renderer of a type, or undefined. */
  get(type: string): ResolvedRenderer | undefined;
  has(type: string): boolean;
  /** Bound type names, sorted. */
  types(): string[];
}

function isLazy(binding: RendererBinding): binding is Extract<RendererBinding, { lazy: unknown }> {
  return 'lazy' in binding;
}

/** The default read-only view: dictionary text, option text, or the value as text. */
export function displayText(props: DisplayProps): string {
  const { value, record, options, field } = props;
  if (value === null || value === undefined || value === '') return '';
  const dictText = field && record ? record[`${field.name}_dictText`] : undefined;
  if (typeof dictText === 'string' && dictText !== '') return dictText;
  const values = Array.isArray(value) ? value.map(String) : String(value).split(',');
  if (options && options.length > 0) {
    return values.map((v) => options.find((o) => o.value === v)?.text ?? v).join(',');
  }
  return Array.isArray(value) ? values.join(',') : String(value);
}

function TextDisplay(props: DisplayProps) {
  return <>{displayText(props)}</>;
}

type Loader = () => Promise<{ default: RendererComponents }>;

/**
 * Components of lazy bindings whose code has loaded, by their loader: a renderer asked for
 * after that (another registry, a new binding) gets the plain components and never suspends.
 */
const loadedModules = new WeakMap<Loader, RendererComponents>();

function load(loader: Loader): Promise<RendererComponents> {
  return loader().then((module) => {
    loadedModules.set(loader, module.default);
    return module.default;
  });
}

/** Loads the code of these bindings now (tests; a host that wants a type ready). */
export async function preloadBindings(bindings: Iterable<RendererBinding>): Promise<void> {
  await Promise.all([...bindings].flatMap((b) => (isLazy(b) ? [load(b.lazy)] : [])));
}

function plain(
  type: string,
  components: RendererComponents,
  entry: ResolvedRenderer['entry'],
  display?: ComponentType<DisplayProps>,
): ResolvedRenderer {
  return {
    type,
    entry,
    field: components.field,
    display: display ?? components.display ?? null,
    cell: components.cell ?? null,
    lazy: false,
  };
}

function resolve(
  type: string,
  binding: RendererBinding,
  entry: ResolvedRenderer['entry'],
): ResolvedRenderer {
  if (!isLazy(binding)) return plain(type, binding, entry);
  const ready = loadedModules.get(binding.lazy);
  if (ready) return plain(type, ready, entry, binding.display);
  // One load serves every part of the renderer.
  let loading: Promise<RendererComponents> | null = null;
  const loadOnce = () => (loading ??= load(binding.lazy));
  // Each part resolves to a plain component of the loaded module (never to another lazy one:
  // React refuses a lazy that resolves to a lazy).
  const part = <P,>(pick: (spec: RendererComponents) => ComponentType<P>) =>
    lazy(async () => ({ default: pick(await loadOnce()) }));
  return {
    type,
    entry,
    field: part<FieldWidgetProps>((s) => s.field),
    display: binding.display ?? part<DisplayProps>((s) => s.display ?? TextDisplay),
    cell: part<FieldWidgetProps>((s) => s.cell ?? s.field),
    lazy: true,
  };
}

/** A registry instance over a catalogue (the product's by default): one per app, one per test. */
export function createRegistry(catalogue: Catalogue = CATALOGUE): RendererRegistry {
  const renderers = new Map<string, ResolvedRenderer>();
  const bindings = new Map<string, RendererBinding>();
  return {
    catalogue,
    register(type, binding, options = {}) {
      if (RESERVED_TYPES.includes(type)) throw new RegistryError(reservedMessage(type));
      const entry = catalogue.get(type);
      if (!entry) {
        throw new RegistryError(
          `组件类型 ${type} 不在组件目录中：先在 src/contracts/catalogue 中加入它的条目`,
        );
      }
      if (renderers.has(type) && !options.override) {
        throw new RegistryError(`组件类型 ${type} 已注册；如需替换，请传入 override: true`);
      }
      if (
        !isLazy(binding) &&
        typeof binding.field !== 'function' &&
        typeof binding.field !== 'object'
      ) {
        throw new RegistryError(`组件类型 ${type} 缺少 field 组件`);
      }
      bindings.set(type, binding);
      renderers.set(type, resolve(type, binding, entry));
    },
    get(type) {
      const renderer = renderers.get(type);
      const binding = bindings.get(type);
      // Once a lazy type's code has loaded, its plain components replace the suspending ones.
      if (renderer?.lazy && binding && isLazy(binding) && loadedModules.has(binding.lazy)) {
        const ready = resolve(type, binding, renderer.entry);
        renderers.set(type, ready);
        return ready;
      }
      return renderer;
    },
    has: (type) => renderers.has(type),
    types: () => [...renderers.keys()].sort(),
  };
}
