import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SyncRow } from '../../../src/contracts/table-sync';
import type { RowsListener, TableSync } from '../../../src/runtime/table-sync';
import { ServicesContext, type RendererServices } from '../../../registry/services';
import { useTableSync, type UseTableSyncOptions } from '../../../registry/grid/use-table-sync';

function fakeSync() {
  const listeners: { pageId: string; socketKey: string | undefined; listener: RowsListener }[] = [];
  const unsubscribed: string[] = [];
  const sync: TableSync = {
    clientId: 'tab-1',
    subscribe(pageId, socketKey, listener) {
      const entry = { pageId, socketKey, listener };
      listeners.push(entry);
      return () => {
        listeners.splice(listeners.indexOf(entry), 1);
        unsubscribed.push(`${pageId}/${socketKey}`);
      };
    },
  };
  return { sync, listeners, unsubscribed };
}

function wrapperWith(tableSync: TableSync | undefined) {
  // Only tableSync matters to the hook; the rest of the engine is not used here.
  const engine = { tableSync } as unknown as RendererServices;
  return ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={engine}>{children}</ServicesContext.Provider>
  );
}

describe('useTableSync', () => {
  it("subscribes to the page's channel and hands rows to the latest onRows", () => {
    const { sync, listeners, unsubscribed } = fakeSync();
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender, unmount } = renderHook(
      (props: UseTableSyncOptions) => useTableSync(props),
      {
        wrapper: wrapperWith(sync),
        initialProps: { pageId: 'orders', onRows: first } as UseTableSyncOptions,
      },
    );
    expect(result.current.clientId).toBe('tab-1');
    expect(listeners.map((l) => [l.pageId, l.socketKey])).toEqual([['orders', 'vxe-default']]);

    rerender({ pageId: 'orders', onRows: second });
    expect(listeners).toHaveLength(1); // a new callback does not resubscribe
    const rows: SyncRow[] = [{ id: 'r1' }];
    act(() => listeners[0]!.listener(rows));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(rows);

    rerender({ pageId: 'orders', socketKey: 'lines', onRows: second });
    expect(unsubscribed).toEqual(['orders/vxe-default']);
    expect(listeners.map((l) => l.socketKey)).toEqual(['lines']);
    unmount();
    expect(listeners).toEqual([]);
  });

  it('does nothing when disabled, without a page id or without the service', () => {
    const { sync, listeners } = fakeSync();
    const onRows = vi.fn();
    const off = renderHook(() => useTableSync({ pageId: 'orders', enabled: false, onRows }), {
      wrapper: wrapperWith(sync),
    });
    expect(off.result.current.clientId).toBeNull();
    const noPage = renderHook(() => useTableSync({ pageId: null, onRows }), {
      wrapper: wrapperWith(sync),
    });
    expect(noPage.result.current.clientId).toBeNull();
    const unsafe = renderHook(() => useTableSync({ pageId: '../x', onRows }), {
      wrapper: wrapperWith(sync),
    });
    expect(unsafe.result.current.clientId).toBeNull();
    expect(listeners).toEqual([]);

    const none = renderHook(() => useTableSync({ pageId: 'orders', onRows }), {
      wrapper: wrapperWith(undefined),
    });
    expect(none.result.current.clientId).toBeNull();
    const outside = renderHook(() => useTableSync({ pageId: 'orders', onRows }));
    expect(outside.result.current.clientId).toBeNull();
  });
});
