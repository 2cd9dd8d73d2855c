import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('auth form schemas (SPEC §5 messages)', () => {
  it('asks for every missing field with the quoted message', () => {
    expect(messagesOf(registerSchema.safeParse({ name: '', email: '', password: '' }))).toEqual({
      name: 'Name is Required',
      email: 'Email is Required',
      password: 'Password is Required',
    });
  });

  it('rejects an e-mail without the simple address pattern and a short password', () => {
    expect(messagesOf(registerSchema.safeParse({ name: 'Ada', email: 'ada@', password: '12345' }))).toEqual({
      email: 'Provide a valid Email',
      password: 'Must be 6 characters or longer',
    });
  });

  it('accepts a complete login', () => {
    expect(loginSchema.safeParse({ email: 'ada@example.com', password: 'secret' }).success).toBe(true);
  });

  it("shows SPEC's minimum length on the login form too", () => {
    const result = loginSchema.safeParse({ email: 'ada@example.com', password: 'x' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Must be 6 characters or longer']);
  });
});
