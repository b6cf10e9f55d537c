import { describe, expect, it } from 'vitest';
import cases from '@/features/contact/validation.cases.json';
import { validate, type ContactErrors, type ContactValues } from '@/features/contact/validation';

// The cases the Go validator (cli/internal/contact) runs too, so the local
// server refuses a message exactly when, and with the words, the form does.
interface Case {
  name: string;
  input: ContactValues;
  errors: ContactErrors;
}

const table: Case[] = cases;

describe('validate, shared cases', () => {
  it.each(table)('$name', ({ input, errors }) => {
    expect(validate(input)).toStrictEqual(errors);
  });
});
