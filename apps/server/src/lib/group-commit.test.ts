import { describe, expect, it } from 'vitest';
import { GroupCommit, groupedByKey } from './group-commit.ts';

describe('GroupCommit', () => {
  it('hands the items of one tick to one run, and answers each caller with its own result', async () => {
    const runs: number[][] = [];
    const g = new GroupCommit<number, number>({
      run: async (xs) => {
        runs.push(xs);
        return xs.map((x) => x * 10);
      },
      maxInFlight: 1,
    });
    expect(await Promise.all([g.submit(1), g.submit(2), g.submit(3)])).toEqual([10, 20, 30]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('splits batches at maxBatch and runs the rest after', async () => {
    const runs: number[][] = [];
    const g = new GroupCommit<number, number>({
      run: async (xs) => {
        runs.push(xs);
        return xs;
      },
      maxBatch: 2,
      maxInFlight: 1,
    });
    expect(await Promise.all([1, 2, 3, 4, 5].map((x) => g.submit(x)))).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('when a batch fails, runs its items one by one: only the bad one fails', async () => {
    const runs: number[][] = [];
    const committed: number[][] = [];
    const g = new GroupCommit<number, number>({
      run: async (xs) => {
        runs.push(xs);
        if (xs.includes(2)) throw new Error(`ruim: ${xs.join(',')}`);
        return xs;
      },
      committed: (rs) => committed.push(rs),
      maxInFlight: 1,
    });
    const settled = await Promise.allSettled([g.submit(1), g.submit(2), g.submit(3)]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe('ruim: 2');
    expect(runs).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(committed).toEqual([[1], [3]]);
  });

  it('a committed callback that throws never stores the batch again: the callers get their results, and a warning says why', async () => {
    const runs: number[][] = [];
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const g = new GroupCommit<number, number>({
        run: async (xs) => {
          runs.push(xs);
          return xs;
        },
        committed: () => {
          throw new Error('bug no aviso');
        },
      });
      expect(await Promise.all([g.submit(1), g.submit(2)])).toEqual([1, 2]);
      await new Promise((r) => setImmediate(r));
      expect(runs).toEqual([[1, 2]]);
      expect(warnings.map((w) => w.message)).toContain('bug no aviso');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('never puts items of one key in two batches at once', async () => {
    const runs: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const g = new GroupCommit<string, string>({
      run: async (xs) => {
        runs.push(xs);
        if (runs.length === 1) await gate;
        return xs;
      },
      keyOf: (x) => x[0]!,
      maxInFlight: 2,
    });
    const first = g.submit('a1');
    await new Promise((r) => setImmediate(r));
    // 'a2' waits for 'a1''s batch; 'b1' goes into the second batch at once.
    const rest = [g.submit('a2'), g.submit('b1')];
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([['a1'], ['b1']]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['a1', 'a2', 'b1']);
    expect(runs).toEqual([['a1'], ['b1'], ['a2']]);
  });
});

describe('groupedByKey', () => {
  it('hands the items of one key arriving together to one run, never mixing keys', async () => {
    const runs: string[][] = [];
    const send = groupedByKey<string, string>(
      (item) => item.split(':')[0]!,
      async (items) => {
        runs.push(items);
        return items.map((i) => i.toUpperCase());
      },
      { maxBatch: 2 },
    );
    expect(await Promise.all(['a:1', 'b:1', 'a:2', 'a:3'].map(send))).toEqual(['A:1', 'B:1', 'A:2', 'A:3']);
    expect(runs.sort()).toEqual([['a:1', 'a:2'], ['a:3'], ['b:1']]);
  });
});
