import { describe, expect, it } from 'vitest';
import { numberField } from './fields';
import { messages } from './messages';

const messageFor = (input: unknown) =>
  numberField('x is Required').safeParse(input).error?.issues[0]?.message;

describe('numberField', () => {
  it.each([undefined, null, Number.NaN, '', '  '])(
    'says "x is Required" for the missing value %j',
    (input) => {
      expect(messageFor(input)).toBe('x is Required');
    },
  );

  it.each(['4', '5.5', 'four', true, [4], { value: 4 }])('says "Must be a number" for %j', (input) => {
    expect(messageFor(input)).toBe(messages.mustBeNumber);
  });

  it('accepts a number', () => {
    expect(numberField('x is Required').parse(4)).toBe(4);
  });
});
