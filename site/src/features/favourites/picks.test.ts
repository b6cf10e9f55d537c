import { describe, expect, it } from 'vitest';
import { MAX_PICKS, picksKey, readPicks, writePicks } from '@/features/favourites/picks';

// A client's picks in localStorage (decision 0098): bounded both ways, and
// a browser whose storage throws (a private window) is a browser without it.

const files = Array.from({ length: MAX_PICKS + 100 }, (_, i) => `IMG_${i}.jpg`);

describe('the stored picks', () => {
  it('are at most the form’s limit, read or written', () => {
    localStorage.setItem(picksKey('big'), JSON.stringify({ v: 1, photos: files }));
    expect(readPicks('big', files)).toHaveLength(MAX_PICKS);
    expect(writePicks('big', files)).toBe(true);
    expect((JSON.parse(localStorage.getItem(picksKey('big'))!) as { photos: string[] }).photos).toHaveLength(MAX_PICKS);
  });

  it('are kept per project, and none removes the key', () => {
    writePicks('a', ['IMG_1.jpg']);
    writePicks('b', ['IMG_2.jpg']);
    expect(readPicks('a', files)).toEqual(['IMG_1.jpg']);
    writePicks('a', []);
    expect(localStorage.getItem(picksKey('a'))).toBeNull();
    expect(readPicks('b', files)).toEqual(['IMG_2.jpg']);
  });

  it('are none, and not kept, where reaching storage throws', () => {
    const refusing = Object.defineProperty({}, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    }) as { localStorage?: Storage };
    expect(readPicks('a', files, refusing)).toEqual([]);
    expect(writePicks('a', ['IMG_1.jpg'], refusing)).toBe(false);
  });
});
