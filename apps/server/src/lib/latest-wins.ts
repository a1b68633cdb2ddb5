/**
 * Runs `write` for one value at a time. Values pushed while a write is running wait for it, and
 * only the latest of them is written next: the writes never overlap, and they land in the order
 * the values were pushed. A failed write goes to `onError` and the next value is still written.
 */
export function latestWins<T>(
  write: (value: T) => Promise<unknown>,
  onError: (err: unknown, value: T) => void,
): {
  push(value: T): void;
  /** Resolves once every value pushed so far has been written, or skipped for a later one. */
  settled(): Promise<void>;
} {
  let pending: { value: T } | undefined;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const next = (): { value: T } | undefined => {
    const taken = pending;
    pending = undefined;
    return taken;
  };
  const drain = async (): Promise<void> => {
    busy = true;
    for (let item = next(); item; item = next()) {
      try {
        await write(item.value);
      } catch (err) {
        onError(err, item.value);
      }
    }
    busy = false;
  };
  return {
    push(value) {
      pending = { value };
      if (!busy) running = drain();
    },
    settled: () => running,
  };
}
