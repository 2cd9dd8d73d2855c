// Load generation shared by the benches: autocannon as a promise, and how figures are printed.
import autocannon from 'autocannon';

export const autocannonRun = (options) =>
  new Promise((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** A progress line on stderr, so that a long run shows where it is. */
export const note = (text) => console.error(`${new Date().toISOString().slice(11, 19)} bench: ${text}`);
