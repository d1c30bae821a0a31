import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRowAutoSave, type SaveRow } from './use-row-auto-save';

const DELAY = 1500;

/** A saveRow whose calls stay in flight until `settle` is called. */
function slowSaves() {
  const settles: ((ok: boolean) => void)[] = [];
  const saveRow = vi.fn<SaveRow<string>>(() => new Promise<boolean>((resolve) => settles.push(resolve)));
  const settle = (ok = true) => act(async () => settles.shift()!(ok));
  return { saveRow, settle };
}

function setup(saveRow: SaveRow<string>) {
  const hook = renderHook(() => useRowAutoSave(saveRow, { delayMs: DELAY }));
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  return { hook, advance, api: () => hook.result.current };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useRowAutoSave', () => {
  it('saves a row delayMs after its own last edit, each row on its own timer', async () => {
    const saveRow = vi.fn<SaveRow<string>>(async () => true);
    const { api, advance } = setup(saveRow);
    act(() => api().schedule('a'));
    await advance(1000);
    act(() => api().schedule('a'));
    act(() => api().schedule('b'));
    await advance(DELAY - 1);
    expect(saveRow).not.toHaveBeenCalled();
    await advance(1);
    expect(saveRow.mock.calls).toEqual([
      ['a', { quiet: false }],
      ['b', { quiet: false }],
    ]);
  });

  it('a change made while the row is saving waits for that save, then is sent', async () => {
    const { saveRow, settle } = slowSaves();
    const { api, advance } = setup(saveRow);
    act(() => api().schedule('a'));
    await advance(DELAY);
    expect(saveRow).toHaveBeenCalledTimes(1);
    act(() => api().schedule('a'));
    await advance(DELAY);
    // Still the first save in flight: the second one is queued behind it.
    expect(saveRow).toHaveBeenCalledTimes(1);
    await settle();
    expect(saveRow).toHaveBeenCalledTimes(2);
    await settle();
  });

  it('a blur saves at once only when an edit is waiting', async () => {
    const saveRow = vi.fn<SaveRow<string>>(async () => true);
    const { api, advance } = setup(saveRow);
    await act(async () => api().blur('a'));
    expect(saveRow).not.toHaveBeenCalled();
    act(() => api().schedule('a'));
    await act(async () => api().blur('a'));
    expect(saveRow).toHaveBeenCalledTimes(1);
    await advance(DELAY);
    expect(saveRow).toHaveBeenCalledTimes(1);
  });

  it('flush sends waiting and due rows quietly and tells whether all saved; a failed row can be tried again', async () => {
    let fail = true;
    const saveRow = vi.fn<SaveRow<string>>(async (key) => !(key === 'b' && fail));
    const { api } = setup(saveRow);
    act(() => api().schedule('a'));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await api().flush(['b']);
    });
    expect(ok).toBe(false);
    expect(saveRow.mock.calls).toEqual([
      ['a', { quiet: true }],
      ['b', { quiet: true }],
    ]);
    fail = false;
    await act(async () => {
      ok = await api().save('b');
    });
    expect(ok).toBe(true);
  });

  it('leaving the screen saves an edit still waiting; closing the tab meanwhile asks to confirm', async () => {
    const { saveRow, settle } = slowSaves();
    const { api, hook } = setup(saveRow);
    act(() => api().schedule('a'));
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    hook.unmount();
    // The save starts once the microtask queue runs (after any save of the row in flight).
    await act(async () => {});
    expect(saveRow).toHaveBeenCalledWith('a', { quiet: false });
    await settle();
  });
});
