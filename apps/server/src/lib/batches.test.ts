import { describe, expect, it } from 'vitest';
import { createBatcher } from './batches';

/** The event loop's next turn, when a batcher starts its batches. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A batch function the test finishes by hand, recording what each batch held. */
function manualBatches() {
  const batches: { items: number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        items,
        finish: () => resolve(items.map((item) => `done ${item}`)),
        fail: reject,
      });
    });
  return { run, batches };
}

describe('createBatcher', () => {
  it('runs a lone item on the next turn of the event loop, alone', async () => {
    const { run, batches } = manualBatches();
    const submit = createBatcher(run, { maxSize: 10, inFlight: 1 });
    const answer = submit(1);
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
    batches[0]!.finish();
    await expect(answer).resolves.toBe('done 1');
  });

  it('sends the items that arrive in one turn of an idle batcher together', async () => {
    const { run, batches } = manualBatches();
    const submit = createBatcher(run, { maxSize: 10, inFlight: 1 });
    const answers = [submit(1), Promise.resolve().then(() => submit(2))];
    // A caller whose request arrived in the same turn, after a synchronous database call (PGlite's).
    setImmediate(() => void answers.push(submit(3)));
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2]]);
    batches[0]!.finish();
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2], [3]]);
    batches[1]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual(['done 1', 'done 2', 'done 3']);
  });

  it('sends the items that arrive while a batch runs together in the next, at most maxSize at a time', async () => {
    const { run, batches } = manualBatches();
    const submit = createBatcher(run, { maxSize: 3, inFlight: 1 });
    const answers = [submit(1)];
    await nextTurn();
    answers.push(...[2, 3, 4, 5, 6].map(submit));
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);

    batches[0]!.finish();
    await expect(answers[0]).resolves.toBe('done 1');
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.finish();
    await expect(answers[3]).resolves.toBe('done 4');
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3, 4], [5, 6]]);
    batches[2]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual([1, 2, 3, 4, 5, 6].map((item) => `done ${item}`));
  });

  it('runs up to inFlight batches at once', async () => {
    const { run, batches } = manualBatches();
    const submit = createBatcher(run, { maxSize: 10, inFlight: 2 });
    const answers = [submit(1)];
    await nextTurn();
    answers.push(submit(2));
    await nextTurn();
    answers.push(submit(3));
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2]]);
    batches[1]!.finish();
    await expect(answers[1]).resolves.toBe('done 2');
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2], [3]]);
  });

  it('fails every item of a failed batch with its error, and goes on with the next', async () => {
    const { run, batches } = manualBatches();
    const submit = createBatcher(run, { maxSize: 10, inFlight: 1 });
    const answers = [submit(1)];
    await nextTurn();
    answers.push(submit(2), submit(3));
    batches[0]!.finish();
    await answers[0];
    await nextTurn();
    batches[1]!.fail(new Error('connection lost'));
    await expect(answers[1]).rejects.toThrow('connection lost');
    await expect(answers[2]).rejects.toThrow('connection lost');

    const later = submit(4);
    await nextTurn();
    batches[2]!.finish();
    await expect(later).resolves.toBe('done 4');
  });

  it('fails a batch whose answer does not have one result per item', async () => {
    const submit = createBatcher(async (items: number[]) => items.slice(1), { maxSize: 10, inFlight: 1 });
    await expect(submit(1)).rejects.toThrow('a batch of 1 answered 0 results');
  });
});
