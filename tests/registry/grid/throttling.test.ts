import { describe, expect, it } from 'vitest';
import { createThrottle } from '../../../registry/grid/model/throttle';
import { createGridStore } from '../../../registry/grid/store/grid-store';
import type { GridColumn } from '../../../registry/grid';
import { storeConfig } from './store-support';

const columns: GridColumn[] = [{ key: 'name', title: '名称', type: 'input' }];

describe('insert throttle (one per 1500 ms)', () => {
  it('lets one action through per interval', () => {
    let now = 10_000;
    const throttle = createThrottle(1500, () => now);
    expect(throttle.tryAcquire()).toBe(true);
    now += 1499;
    expect(throttle.tryAcquire()).toBe(false);
    now += 1;
    expect(throttle.tryAcquire()).toBe(true);
    now += 100;
    expect(throttle.tryAcquire()).toBe(false);
  });

  it('the first action is never throttled, whatever the clock says', () => {
    expect(createThrottle(1500, () => 0).tryAcquire()).toBe(true);
  });

  it('adds and inserts in the store share it: a second insert inside 1500 ms adds nothing', () => {
    let now = 0;
    const store = createGridStore([{ id: 'a' }], storeConfig(columns), { now: () => now });
    expect(store.add([{ name: 'x' }])).toHaveLength(1);
    now = 1000;
    expect(store.add([{ name: 'y' }])).toEqual([]);
    expect(store.insertBelow('a')).toEqual([]);
    expect(store.getSnapshot().book.rows).toHaveLength(2);
    now = 2500;
    expect(store.insertBelow('a')).toHaveLength(1);
    expect(store.getSnapshot().book.rows).toHaveLength(3);
  });
});
