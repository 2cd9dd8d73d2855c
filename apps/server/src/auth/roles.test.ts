import { describe, expect, it } from 'vitest';
import { roleForNewAccount } from './roles';

describe('roleForNewAccount', () => {
  it('makes an ADMIN_EMAILS account an admin only when its address is verified, whatever the letter case', () => {
    expect(roleForNewAccount('Boss@Shop.com', true, ['boss@shop.com'])).toBe('admin');
    expect(roleForNewAccount('Boss@Shop.com', false, ['boss@shop.com'])).toBe('customer');
    expect(roleForNewAccount('someone@shop.com', true, ['boss@shop.com'])).toBe('customer');
    expect(roleForNewAccount('boss@shop.com', true, [])).toBe('customer');
  });
});
