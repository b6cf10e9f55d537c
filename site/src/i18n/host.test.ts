import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hostMessages } from '@/entry-server';
import { en } from '@/i18n/en';

// What the host writes itself comes from the catalogue (decision 0123):
// the prerender hands each language's part to `portfolio serve` and the
// Edge Function; the words they fall back to without it are English's.
const here = path.dirname(fileURLToPath(import.meta.url));
// serve's English notices (hostmsg.EnglishNotices), written by `go test ./cli/internal/hostmsg -update`.
const englishNotices = JSON.parse(readFileSync(path.resolve(here, '../../../cli/internal/hostmsg/testdata/english-notices.json'), 'utf8')) as unknown;
const vectors = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../cli/internal/privateaccess/testdata/vectors.json'), 'utf8'),
) as { constants: { englishGate: unknown } };

describe("the host's strings", () => {
  it("are English's catalogue where serve and the Edge Function fall back to their own (privateaccess.EnglishGate, vectors.json)", () => {
    expect(vectors.constants.englishGate).toEqual(en.host.gate);
    expect(englishNotices).toEqual(en.host.notices);
  });

  it("key each of the contact form's problems by its English text, as serve finds it, with the limits filled in", () => {
    const { messages } = hostMessages();
    const english = messages.en!.form.problems;
    expect(english['Name must be less than 100 characters']).toBe('Name must be less than 100 characters');
    expect(english['Message must be less than 1000 characters']).toBe('Message must be less than 1000 characters');
    expect(Object.keys(english)).toHaveLength(6);
    expect(messages.en!.gate).toEqual(en.host.gate);
    expect(messages.en!.notices).toEqual(en.host.notices);
  });
});
