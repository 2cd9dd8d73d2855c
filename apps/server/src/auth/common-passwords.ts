import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts's list of the ~49,000 most used passwords ships inside the package: no network at run time.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/** True for a password found in leaked-password lists (compared case-insensitively, as the list is). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
