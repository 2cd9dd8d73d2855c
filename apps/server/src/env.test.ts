import { describe, expect, it } from 'vitest';
import { InvalidEnvError, parseEnv, publicUrl } from './env';

describe('parseEnv', () => {
  it('fills ARCHITECTURE §3 defaults when nothing is set', () => {
    const env = parseEnv({});

    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', NODE_ENV: 'production' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(publicUrl(env)).toBe('http://localhost:3000');
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it('names every bad variable in one error', () => {
    const parse = () => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });

    expect(parse).toThrow(InvalidEnvError);
    expect(parse).toThrow(/PORT/);
    expect(parse).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(parse).toThrow(/PUBLIC_URL/);
  });

  it('uses PUBLIC_URL for links, without a trailing slash', () => {
    expect(publicUrl(parseEnv({ PUBLIC_URL: 'https://shop.example.com/' }))).toBe('https://shop.example.com');
  });
});
