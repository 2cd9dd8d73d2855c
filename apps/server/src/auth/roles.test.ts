import { describe, expect, it } from 'vitest';
import { roleForNewAccount } from './roles';

describe('roleForNewAccount', () => {
  it('makes the ADMIN_EMAILS accounts admins, whatever the letter case', () => {
    expect(roleForNewAccount('Boss@Shop.com', ['boss@shop.com'])).toBe('admin');
    expect(roleForNewAccount('someone@shop.com', ['boss@shop.com'])).toBe('customer');
    expect(roleForNewAccount('boss@shop.com', [])).toBe('customer');
  });
});
