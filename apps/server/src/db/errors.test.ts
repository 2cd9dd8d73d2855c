import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a backend ended by the server (57P01)', withCode('terminating connection', '57P01')],
    [
      'a server not yet accepting connections (57P03)',
      withCode('the database system is starting up', '57P03'),
    ],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection closed mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that found no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a query that got no answer in time', new Error('Query read timeout')],
    [
      'a driver error wrapped by the ORM',
      new Error('Failed query: select 1', { cause: withCode('x', '57P01') }),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('duplicate key value', '23505')],
    ['a bad query (42601)', withCode('syntax error', '42601')],
    ['a plain bug', new TypeError('undefined is not a function')],
    ['something not an error', 'Connection terminated'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
