import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH } from './input-guards';
import { jsonShape, MAX_JSON_KEYS } from './json-body';

const limits = { depth: MAX_INPUT_DEPTH, keys: MAX_JSON_KEYS };

describe('the JSON scan that runs before parsing', () => {
  it('counts nested arrays and objects, stopping once past the limit', () => {
    expect(jsonShape('{"a":[1,{"b":[]}]}', limits).depth).toBe(4);
    expect(jsonShape('['.repeat(5000) + ']'.repeat(5000), limits).depth).toBe(MAX_INPUT_DEPTH + 1);
  });

  it('counts the keys of every object, stopping once past the limit', () => {
    expect(jsonShape('{"a":1,"b":{"c":[{"d":2}]}}', limits).keys).toBe(4);
    const wide = `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(jsonShape(wide, limits).keys).toBe(MAX_JSON_KEYS + 1);
  });

  it('ignores brackets and colons inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ note: '[{:'.repeat(100) + '\\":[' });
    expect(jsonShape(text, limits)).toEqual({ depth: 1, keys: 1 });
  });
});
