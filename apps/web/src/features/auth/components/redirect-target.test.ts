import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('goes back to the page a guard sent the visitor from, with its query', () => {
    expect(redirectTarget('?redirectTo=%2Fpurchase%2Fabc%3Fq%3D1')).toBe('/purchase/abc?q=1');
  });

  it('goes home without a way back, or from the login and register pages', () => {
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('?redirectTo=%2Flogin')).toBe('/');
    expect(redirectTarget('?redirectTo=%2Fregister%3Fx%3D1')).toBe('/');
  });

  it('never leaves the site', () => {
    for (const away of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(redirectTarget(`?${new URLSearchParams({ redirectTo: away })}`)).toBe('/');
    }
  });
});
