/**
 * Gathers calls into batches. `run` takes up to `maxSize` items and answers one result per item, in their
 * order; at most `inFlight` batches run at once, and the items that arrive meanwhile wait to go together
 * in the next. A batch starts on the event loop's next turn (`setImmediate`), after the I/O callbacks
 * already due: the requests that arrived together go together, and a lone caller waits for no more than
 * that turn. Starting at once starved them with embedded PGlite, whose statements run synchronously: a
 * whole batch's transaction ran in one chain of microtasks before any other request was read, so every
 * batch held one item. When a batch fails, every item in it fails with the same error: the batch may have
 * done its work before the error (a connection lost before the answer), and only its callers can tell
 * their clients so.
 */
export function createBatcher<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  { maxSize, inFlight }: { maxSize: number; inFlight: number },
): (item: Item) => Promise<Result> {
  const waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;

  function scheduleBatches(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      startBatches();
    });
  }

  function startBatches(): void {
    while (running < inFlight && waiting.length > 0) {
      const batch = waiting.splice(0, maxSize);
      running += 1;
      const settle = (answer: () => void) => {
        running -= 1;
        scheduleBatches();
        answer();
      };
      Promise.resolve()
        .then(() => run(batch.map((entry) => entry.item)))
        .then((results) => {
          if (results.length !== batch.length) {
            throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
          }
          settle(() => batch.forEach((entry, index) => entry.resolve(results[index]!)));
        })
        .catch((error: unknown) => settle(() => batch.forEach((entry) => entry.reject(error))));
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      scheduleBatches();
    });
}
