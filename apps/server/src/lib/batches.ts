/**
 * Gathers calls into batches. `run` takes up to `maxSize` items and answers one result per item, in their
 * order; at most `inFlight` batches run at once, and the items that arrive meanwhile wait to go together
 * in the next. An idle batcher runs an item at once, alone, so a lone caller waits for nothing. When a
 * batch fails, every item in it fails with the same error: the batch may have done its work before the
 * error (a connection lost before the answer), and only its callers can tell their clients so.
 */
export function createBatcher<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  { maxSize, inFlight }: { maxSize: number; inFlight: number },
): (item: Item) => Promise<Result> {
  const waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;

  function startBatches(): void {
    while (running < inFlight && waiting.length > 0) {
      const batch = waiting.splice(0, maxSize);
      running += 1;
      // The next batch starts before this one's callers hear their answers.
      const settle = (answer: () => void) => {
        running -= 1;
        startBatches();
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
      startBatches();
    });
}
