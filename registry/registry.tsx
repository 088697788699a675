import { lazy, type ComponentType } from 'react';
import Ajv, { type ValidateFunction } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import type { FieldDefinition, PageDefinition, PageProblem } from '../src/contracts/page';
import type {
  DisplayProps,
  FieldWidgetProps,
  JsonSchema,
  RegisterOptions,
  RendererRegistration,
  RendererSpec,
  ResolvedRenderer,
} from './types';

/** Cell type names the editable grid keeps for itself (widgets.md §2.5). */
export const RESERVED_TYPES: readonly string[] = [
  'row-number',
  'row-checkbox',
  'row-radio',
  'row-expand',
  'row-drag-sort',
];

export const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

export function reservedMessage(type: string): string {
  return `${type} 是关键字，不能用作自定义组件类型`;
}

export interface RendererRegistry {
  /** Adds a type; refuses reserved names, bad names and duplicates (unless override). */
  register(type: string, registration: RendererRegistration, options?: RegisterOptions): void;
  /** The renderer of a type, or undefined. */
  get(type: string): ResolvedRenderer | undefined;
  has(type: string): boolean;
  /** Registered type names, sorted. */
  types(): string[];
  /**
   * Problems of a page that only the registry can see: unknown field types and props that
   * break their renderer's schema (with JSON pointers into the page), in the page's fields,
   * its detail tables' and its actions' forms.
   */
  checkPage(page: PageDefinition): PageProblem[];
}

function isLazy(
  registration: RendererRegistration,
): registration is Extract<RendererRegistration, { lazy: unknown }> {
  return 'lazy' in registration;
}

function resolve(type: string, registration: RendererRegistration): ResolvedRenderer {
  if (!isLazy(registration)) {
    return {
      type,
      field: registration.field,
      display: registration.display ?? null,
      cell: registration.cell ?? null,
      props: registration.props ?? null,
      queryRule: registration.queryRule ?? 'eq',
      valueType: registration.valueType ?? 'string',
      lazy: false,
    };
  }
  // One load serves every part of the renderer.
  let loading: Promise<{ default: RendererSpec }> | null = null;
  const load = () => (loading ??= registration.lazy());
  // Each part resolves to a plain component of the loaded spec (never to another lazy one:
  // React refuses a lazy that resolves to a lazy).
  const part = <P,>(pick: (spec: RendererSpec) => ComponentType<P>) =>
    lazy(async () => ({ default: pick((await load()).default) }));
  return {
    type,
    field: part<FieldWidgetProps>((s) => s.field),
    display: registration.display ?? part<DisplayProps>((s) => s.display ?? TextDisplay),
    cell: part<FieldWidgetProps>((s) => s.cell ?? s.field),
    props: registration.props ?? null,
    queryRule: registration.queryRule ?? 'eq',
    valueType: registration.valueType ?? 'string',
    lazy: true,
  };
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

function propsProblems(
  validator: ValidateFunction,
  field: FieldDefinition,
  at: string,
): PageProblem[] {
  if (validator(field.props ?? {})) return [];
  const errors = [...(validator.errors ?? [])];
  localizeZh(errors);
  return errors.map((e) => {
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty?: string }).additionalProperty;
      return { path: `${at}/props/${extra}`, message: `组件 ${field.type} 不认识属性 ${extra}` };
    }
    return {
      path: `${at}/props${e.instancePath}`,
      message: `组件 ${field.type}：${e.message ?? '属性不合法'}`,
    };
  });
}

/** A registry instance: one per app, one per test. */
export function createRegistry(): RendererRegistry {
  const renderers = new Map<string, ResolvedRenderer>();
  const validators = new Map<string, ValidateFunction>();
  const ajv = new Ajv({ allErrors: true, strict: false });

  const validatorOf = (renderer: ResolvedRenderer): ValidateFunction | null => {
    if (!renderer.props) return null;
    let validator = validators.get(renderer.type);
    if (!validator) {
      validator = ajv.compile(renderer.props as JsonSchema & object);
      validators.set(renderer.type, validator);
    }
    return validator;
  };

  const checkFields = (fields: readonly FieldDefinition[], base: string): PageProblem[] =>
    fields.flatMap((field, i) => {
      const at = `${base}/${i}`;
      const renderer = renderers.get(field.type);
      if (!renderer) {
        return [
          {
            path: `${at}/type`,
            message: `未知的组件类型 ${field.type}（已注册：${[...renderers.keys()].sort().join('、')}）`,
          },
        ];
      }
      const validator = validatorOf(renderer);
      return validator ? propsProblems(validator, field, at) : [];
    });

  return {
    register(type, registration, options = {}) {
      if (RESERVED_TYPES.includes(type)) throw new RegistryError(reservedMessage(type));
      if (!TYPE_NAME.test(type)) {
        throw new RegistryError(
          `组件类型名 ${type} 不合法：只能含字母、数字、下划线和连字符，且以字母开头`,
        );
      }
      if (renderers.has(type) && !options.override) {
        throw new RegistryError(`组件类型 ${type} 已注册；如需替换，请传入 override: true`);
      }
      if (
        !isLazy(registration) &&
        typeof registration.field !== 'function' &&
        typeof registration.field !== 'object'
      ) {
        throw new RegistryError(`组件类型 ${type} 缺少 field 组件`);
      }
      // A broken props schema is the registering code's bug: refuse it now, not at page load.
      // (Checked against the meta-schema only; compiling waits for the first page check.)
      if (registration.props && !ajv.validateSchema(registration.props as JsonSchema & object)) {
        throw new RegistryError(
          `组件类型 ${type} 的 props 不是合法的 JSON Schema：${ajv.errorsText(ajv.errors)}`,
        );
      }
      renderers.set(type, resolve(type, registration));
      validators.delete(type);
    },
    get: (type) => renderers.get(type),
    has: (type) => renderers.has(type),
    types: () => [...renderers.keys()].sort(),
    checkPage(page) {
      const actionForms = (list: 'toolbar' | 'rowActions') =>
        (page[list] ?? []).flatMap((action, i) =>
          action.form ? checkFields(action.form.fields, `/${list}/${i}/form/fields`) : [],
        );
      return [
        ...checkFields(page.fields, '/fields'),
        ...(page.details ?? []).flatMap((d, i) => checkFields(d.fields, `/details/${i}/fields`)),
        ...actionForms('toolbar'),
        ...actionForms('rowActions'),
      ];
    },
  };
}
