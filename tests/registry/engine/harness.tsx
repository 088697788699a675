/**
 * Renders page definitions through the engine's public entry with a fake server: the app's
 * real services (http, dictionaries) answering through an axios adapter, a registry of small
 * test widgets, and a `can` the test decides.
 */
import type { ChangeEvent } from 'react';
import { expect } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { InternalAxiosRequestConfig } from 'axios';
import { EngineProvider, PageView, type EngineServices } from '../../../registry/engine';
import { createRegistry, type RendererRegistry } from '../../../registry/registry';
import type { DisplayProps, FieldWidgetProps } from '../../../registry/types';
import type { AnyEntry } from '../../../src/contracts/catalogue/index';
import { createTestServices } from '../../app/test-services';
import { catalogueWith, testEntry } from '../test-catalogue';
import { envelope, type Reply } from '../../runtime/fakes';

function TestInput({
  value,
  onChange,
  onBlur,
  disabled,
  readOnly,
  placeholder,
  field,
}: FieldWidgetProps) {
  return (
    <input
      aria-label={field?.label}
      placeholder={placeholder}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled}
      readOnly={readOnly}
      onBlur={() => onBlur?.()}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value)}
    />
  );
}

function TestSelect({ value, onChange, disabled, options, field }: FieldWidgetProps) {
  return (
    <select
      aria-label={field?.label}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled}
      onChange={(e) => onChange?.(e.target.value === '' ? undefined : e.target.value)}
    >
      <option value="">请选择</option>
      {(options ?? []).map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </select>
  );
}

function StarDisplay({ value }: DisplayProps) {
  return <b data-testid="star">★{String(value ?? '')}</b>;
}

/**
 * Test widgets bound to the product's input (text filter: like), select, date (eq) …, and a test
 * type `star` with a display view of its own.
 */
export function testRegistry(extra: readonly AnyEntry[] = []): RendererRegistry {
  const registry = createRegistry(catalogueWith(testEntry('star'), ...extra));
  registry.register('input', { field: TestInput });
  registry.register('select', { field: TestSelect });
  registry.register('dict-select', { field: TestSelect });
  registry.register('date', { field: TestInput });
  registry.register('inputNumber', { field: TestInput });
  registry.register('star', { field: TestInput, display: StarDisplay });
  registry.register('hidden', { field: () => null });
  return registry;
}

export type Route = (
  config: InternalAxiosRequestConfig,
  params: Record<string, string>,
) => Reply | undefined | Promise<Reply | undefined>;

/** The query parameters a request went out with (without `_t`). */
export function paramsOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const { _t: _ignored, ...rest } = (config.params ?? {}) as Record<string, string>;
  return rest;
}

export function ok(result: unknown, message = '操作成功！'): Reply {
  return { status: 200, data: envelope(result, { message }) };
}

export function refused(code: number, message: string): Reply {
  return { status: 200, data: envelope(null, { success: false, code, message }) };
}

export function page(records: readonly Record<string, unknown>[], total = records.length) {
  return { records, total, size: 10, current: 1, pages: Math.ceil(total / 10) };
}

export interface Harness {
  readonly requests: InternalAxiosRequestConfig[];
  readonly services: EngineServices;
  /** Requests to a url (path without the base), in order. */
  calls(url: string): InternalAxiosRequestConfig[];
}

/**
 * Renders `<PageView definition>` inside the providers. `route` answers requests; anything it
 * leaves unanswered gets an empty page (lists) or a plain success.
 */
export function renderPage(
  definition: unknown,
  {
    route = () => undefined,
    can = () => true,
    registry = testRegistry(),
    recordId = null,
    loadPage,
    panels,
    ownContainerPanels,
    trusted = false,
  }: {
    route?: Route;
    can?: (code: string) => boolean;
    registry?: RendererRegistry;
    recordId?: string | null;
    /** The host's `loadPage` (pages opened by actions); absent = the host has none. */
    loadPage?: EngineServices['loadPage'];
    /** The host's panels (`open.panel`). */
    panels?: EngineServices['panels'];
    /** Panels that bring their own container (no drawer). */
    ownContainerPanels?: EngineServices['ownContainerPanels'];
    /** The definition is the page store's (PageView's `trusted`). */
    trusted?: boolean;
  } = {},
): Harness {
  const { services, server } = createTestServices(async (config) => {
    const answer = await route(config, paramsOf(config));
    if (answer) return answer;
    if (config.url?.startsWith('/sys/dict/getDictItems/')) return ok([]);
    if (config.url?.endsWith('/list')) return ok(page([]));
    return ok(null);
  });
  const engine: EngineServices = {
    http: services.http,
    dicts: services.dicts,
    registry,
    can,
    ...(loadPage ? { loadPage } : {}),
    ...(panels ? { panels } : {}),
    ...(ownContainerPanels ? { ownContainerPanels } : {}),
  };
  render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <EngineProvider services={engine}>
          <PageView definition={definition} recordId={recordId} trusted={trusted} />
        </EngineProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return {
    requests: server.requests,
    services: engine,
    calls: (url) => server.requests.filter((r) => r.url === url),
  };
}

/**
 * The open dialog once its content has arrived: form dialogs load their code on first use and
 * show 加载中… meanwhile, as a person would see it.
 */
export async function findDialog(): Promise<ReturnType<typeof within>> {
  const dialog = await screen.findByRole('dialog');
  // The record loads before the form shows; a busy machine (the whole suite on 2 cores) can
  // take longer than waitFor's default second.
  await waitFor(() => expect(dialog.querySelector('[aria-busy="true"]')).toBeNull(), {
    timeout: 10_000,
  });
  return within(dialog);
}
