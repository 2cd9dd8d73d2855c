import { describe, expect, it } from 'vitest';
import { inputMessages } from '@toolshop/shared/messages';
import { assertSafeInput } from './input-guards';

/** The fields a refusal names, or null when the input passes. */
function refusedFields(value: unknown, where: string) {
  try {
    assertSafeInput(value, where);
    return null;
  } catch (error) {
    return (error as { fields?: Record<string, string> }).fields;
  }
}

// Fastify decodes no URL into a lone surrogate (bad-input.test.ts): the guard covers query strings and
// parameters all the same, should a parser or a proxy ever hand one over.
describe('the input guard on every string', () => {
  it('names a query parameter or a path parameter with a lone surrogate as validation names them', () => {
    expect(refusedFields({ q: 'drill\uDC00' }, 'querystring')).toEqual({
      'querystring.q': inputMessages.illFormedText,
    });
    expect(refusedFields({ id: '\uD800' }, 'params')).toEqual({ 'params.id': inputMessages.illFormedText });
  });

  it('names nested fields by their path, array items by their index', () => {
    expect(refusedFields({ lines: [{ address: 'ok' }, { address: 'a\uDC00' }] }, 'body')).toEqual({
      'body.lines.1.address': inputMessages.illFormedText,
    });
  });

  it('lets well-formed text through, characters beyond the first plane included', () => {
    expect(refusedFields({ q: 'Zoë 😀 ドライバー', n: 3, list: ['a', null] }, 'querystring')).toBeNull();
  });
});
