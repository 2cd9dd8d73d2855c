import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH } from './input-guards';
import { jsonNestingDepth } from './json-body';

describe('the JSON nesting scan that runs before parsing', () => {
  it('counts nested arrays and objects, stopping once past the limit', () => {
    expect(jsonNestingDepth('{"a":[1,{"b":[]}]}', MAX_INPUT_DEPTH)).toBe(4);
    expect(jsonNestingDepth('['.repeat(5000) + ']'.repeat(5000), MAX_INPUT_DEPTH)).toBe(MAX_INPUT_DEPTH + 1);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingDepth(JSON.stringify({ note: '[{'.repeat(100) + '\\"[' }), MAX_INPUT_DEPTH)).toBe(1);
  });
});
