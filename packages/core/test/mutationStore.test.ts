import { createMutationStore } from '@bridgekit/core';
import { describe, expect, it, vi } from 'vitest';

/** A promise with its resolve and reject, to settle a run when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createMutationStore', () => {
  it('starts idle; a run is pending, then holds the data and resolves { success, data }', async () => {
    const store = createMutationStore<number>();
    expect(store.getSnapshot()).toEqual({ isLoading: false, error: null, data: undefined });
    const answer = deferred<number>();
    const run = store.run(() => answer.promise);
    expect(store.getSnapshot()).toEqual({ isLoading: true, error: null, data: undefined });
    answer.resolve(7);
    await expect(run).resolves.toEqual({ success: true, data: 7 });
    expect(store.getSnapshot()).toEqual({ isLoading: false, error: null, data: 7 });
  });

  it('calls fn at once, before run returns', () => {
    const store = createMutationStore();
    const fn = vi.fn(() => 1);
    void store.run(fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('never rejects: a failure resolves { success: false, error } and sets error', async () => {
    const store = createMutationStore();
    const failure = new Error('nope');
    await expect(store.run(() => Promise.reject(failure))).resolves.toEqual({
      success: false,
      error: failure,
    });
    expect(store.getSnapshot()).toEqual({ isLoading: false, error: failure, data: undefined });
    // A synchronous throw is a failure too.
    const result = await store.run(() => {
      throw failure;
    });
    expect(result).toEqual({ success: false, error: failure });
  });

  it('wraps what is not an Error in one; toError replaces the conversion', async () => {
    const store = createMutationStore();
    const result = await store.run(() => Promise.reject('offline'));
    expect(result.error).toBeInstanceOf(Error);
    expect(result.error?.message).toBe('offline');

    const raw = createMutationStore<unknown, unknown>({ toError: (cause) => ({ cause }) });
    await raw.run(() => Promise.reject(42));
    expect(raw.getSnapshot().error).toEqual({ cause: 42 });
  });

  it('a run clears the last error when it starts, unless keepErrorWhileLoading', async () => {
    const failure = new Error('first');
    const clearing = createMutationStore();
    await clearing.run(() => Promise.reject(failure));
    const answer = deferred<unknown>();
    void clearing.run(() => answer.promise);
    expect(clearing.getSnapshot().error).toBeNull();

    const keeping = createMutationStore({ keepErrorWhileLoading: true });
    await keeping.run(() => Promise.reject(failure));
    const second = deferred<unknown>();
    const run = keeping.run(() => second.promise);
    expect(keeping.getSnapshot()).toMatchObject({ isLoading: true, error: failure });
    second.resolve('ok');
    await run;
    expect(keeping.getSnapshot()).toEqual({ isLoading: false, error: null, data: 'ok' });
  });

  it("calls the store's callbacks, then the run's, after the state changed", async () => {
    const calls: string[] = [];
    const store = createMutationStore<string>({
      onSuccess: (data) => calls.push(`store success ${data} ${store.getSnapshot().isLoading}`),
      onError: (error) => calls.push(`store error ${error.message}`),
    });
    await store.run(() => 'a', {
      onSuccess: (data) => calls.push(`run success ${data}`),
      onError: () => calls.push('run error (not called)'),
    });
    await store.run(() => Promise.reject(new Error('b')), {
      onError: (error) => calls.push(`run error ${error.message} ${store.getSnapshot().error}`),
    });
    expect(calls).toEqual([
      'store success a false',
      'run success a',
      'store error b',
      'run error b Error: b',
    ]);
  });

  it('a throwing callback is logged; the other callbacks run and the result stands', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    const store = createMutationStore<number>({
      name: 'saveThing()',
      onSuccess: () => {
        throw new Error('callback');
      },
    });
    await expect(store.run(() => 1, { onSuccess: after })).resolves.toEqual({
      success: true,
      data: 1,
    });
    expect(after).toHaveBeenCalledWith(1);
    expect(spy).toHaveBeenCalledWith('saveThing(): onSuccess threw', expect.any(Error));
    expect(store.getSnapshot()).toEqual({ isLoading: false, error: null, data: 1 });
    spy.mockRestore();
  });

  it('overlapping runs: loading until the last settles, each writes its outcome as it settles', async () => {
    const store = createMutationStore<string>();
    const first = deferred<string>();
    const second = deferred<string>();
    const a = store.run(() => first.promise);
    const b = store.run(() => second.promise);
    first.reject(new Error('first failed'));
    await a;
    expect(store.getSnapshot()).toMatchObject({
      isLoading: true,
      error: { message: 'first failed' },
    });
    second.resolve('second');
    await b;
    expect(store.getSnapshot()).toEqual({ isLoading: false, error: null, data: 'second' });
  });

  it('reset() clears error and data; a pending run still lands', async () => {
    const store = createMutationStore<string>();
    await store.run(() => Promise.reject(new Error('x')));
    store.reset();
    expect(store.getSnapshot()).toEqual({ isLoading: false, error: null, data: undefined });
    const answer = deferred<string>();
    const run = store.run(() => answer.promise);
    store.reset();
    expect(store.getSnapshot().isLoading).toBe(true);
    answer.resolve('late');
    await run;
    expect(store.getSnapshot()).toEqual({ isLoading: false, error: null, data: 'late' });
  });

  it('notifies on changes only, with a new snapshot each time; unsubscribe stops it', async () => {
    const store = createMutationStore<number>();
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot()));
    const before = store.getSnapshot();
    store.reset(); // nothing to clear
    expect(seen).toEqual([]);
    expect(store.getSnapshot()).toBe(before);
    await store.run(() => 1);
    expect(seen).toEqual([
      { isLoading: true, error: null, data: undefined },
      { isLoading: false, error: null, data: 1 },
    ]);
    expect(store.getSnapshot()).toBe(seen[1]);
    unsubscribe();
    await store.run(() => 2);
    expect(seen).toHaveLength(2);
  });

  it('methods need no this (they can be passed around)', async () => {
    const { run, getSnapshot, subscribe, reset } = createMutationStore<number>();
    const listener = vi.fn();
    subscribe(listener);
    await run(() => 3);
    expect(getSnapshot().data).toBe(3);
    reset();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
