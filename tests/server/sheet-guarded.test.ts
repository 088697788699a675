import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { guarded } from '../../server/http/sheet/xlsx-reader';

/**
 * `guarded` (server/http/sheet/xlsx-reader.ts) races each step of a sheet against the zip
 * parser's failure. The failure promise never settles for a sound file: a row already handed
 * on must not stay reachable from it, or a 100,000-row import holds every row to the end.
 */

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface Item {
  readonly n: number;
  readonly payload: number[];
}

async function* items(count: number): AsyncGenerator<Item> {
  for (let n = 0; n < count; n++) yield { n, payload: new Array<number>(64).fill(n) };
}

describe('guarded', () => {
  it('lets the items already read be collected while the source is still open', async () => {
    const never = new Promise<never>(() => undefined);
    const seen: WeakRef<Item>[] = [];
    for await (const item of guarded(items(200), never)) {
      seen.push(new WeakRef(item));
      if (item.n === 150) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(seen.filter((ref) => ref.deref() !== undefined).length).toBeLessThan(5);
  });

  it('throws the failure instead of waiting for a step that never ends', async () => {
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_resolve, reject) => (fail = reject));
    async function* stuck(): AsyncGenerator<number> {
      yield 1;
      await new Promise(() => undefined);
    }
    const read: number[] = [];
    const done = (async () => {
      for await (const n of guarded(stuck(), failed)) {
        read.push(n);
        fail(new Error('zip broken'));
      }
    })();
    await expect(done).rejects.toThrow('zip broken');
    expect(read).toEqual([1]);
  });
});
