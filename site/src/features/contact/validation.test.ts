import { describe, expect, it } from 'vitest';
import { validate, type ContactValues } from '@/features/contact/validation';

// docs/site.md §5, row by row: each case changes one field of a valid message.
const valid: ContactValues = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello, let us work together.' };

/** An address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('validate', () => {
  it('accepts a valid message', () => {
    expect(validate(valid)).toEqual({});
  });

  it.each<[string, Partial<ContactValues>, string | undefined]>([
    ['empty name', { name: '' }, 'Name is required'],
    ['blank name (trimmed)', { name: '   \t ' }, 'Name is required'],
    ['name of 1 character', { name: 'A' }, undefined],
    ['name of 100 characters', { name: 'a'.repeat(100) }, undefined],
    ['name of 100 characters with spaces around (trimmed)', { name: `  ${'a'.repeat(100)}  ` }, undefined],
    ['name of 101 characters', { name: 'a'.repeat(101) }, 'Name must be less than 100 characters'],
    ['name of 100 emoji (characters, not UTF-16 units)', { name: '😀'.repeat(100) }, undefined],
    ['name of 101 emoji', { name: '😀'.repeat(101) }, 'Name must be less than 100 characters'],
  ])('name: %s', (_, change, error) => {
    expect(validate({ ...valid, ...change }).name).toBe(error);
  });

  it.each<[string, Partial<ContactValues>, string | undefined]>([
    ['empty email', { email: '' }, 'Invalid email address'],
    ['blank email (trimmed)', { email: '   ' }, 'Invalid email address'],
    ['no @', { email: 'ada.example.com' }, 'Invalid email address'],
    ['nothing before @', { email: '@example.com' }, 'Invalid email address'],
    ['no dot in the domain', { email: 'ada@example' }, 'Invalid email address'],
    ['a space inside', { email: 'ada lovelace@example.com' }, 'Invalid email address'],
    ['two @', { email: 'ada@@example.com' }, 'Invalid email address'],
    ['valid address with spaces around (trimmed)', { email: '  ada@example.com  ' }, undefined],
    ['address of 255 characters', { email: emailOfLength(255) }, undefined],
    ['address of 255 characters with spaces around (trimmed)', { email: ` ${emailOfLength(255)} ` }, undefined],
    ['address of 256 characters', { email: emailOfLength(256) }, 'Email must be less than 255 characters'],
  ])('email: %s', (_, change, error) => {
    expect(validate({ ...valid, ...change }).email).toBe(error);
  });

  it.each<[string, Partial<ContactValues>, string | undefined]>([
    ['empty message', { message: '' }, 'Message is required'],
    ['blank message (trimmed)', { message: ' \n\n  ' }, 'Message is required'],
    ['message of 1000 characters', { message: 'm'.repeat(1000) }, undefined],
    ['message of 1000 characters with blank lines around (trimmed)', { message: `\n ${'m'.repeat(1000)} \n` }, undefined],
    ['message of 1001 characters', { message: 'm'.repeat(1001) }, 'Message must be less than 1000 characters'],
  ])('message: %s', (_, change, error) => {
    expect(validate({ ...valid, ...change }).message).toBe(error);
  });

  it('reports every invalid field at once, and only those', () => {
    expect(validate({ name: '', email: 'nope', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      message: 'Message is required',
    });
    expect(validate({ ...valid, email: 'nope' })).toEqual({ email: 'Invalid email address' });
  });
});
