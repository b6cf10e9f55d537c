import { useCallback, useEffect, useRef, useState } from 'react';
import { createIcon, IconButton, useLightboxState } from 'yet-another-react-lightbox';
import type { Messages } from '@/i18n';

declare module 'yet-another-react-lightbox' {
  interface Labels {
    'Share this photo'?: string;
  }
}

/** Material's "share" glyph, drawn the way the lightbox draws its own icons. */
const ShareIcon = createIcon(
  'Share',
  <path d="M18 16.08c-.76 0-1.44.3-1.96.77L8.91 12.7c.05-.23.09-.46.09-.7s-.04-.47-.09-.7l7.05-4.11c.54.5 1.25.81 2.04.81 1.66 0 3-1.34 3-3s-1.34-3-3-3-3 1.34-3 3c0 .24.04.47.09.7L8.04 9.81C7.5 9.31 6.79 9 6 9c-1.66 0-3 1.34-3 3s1.34 3 3 3c.79 0 1.5-.31 2.04-.81l7.12 4.16c-.05.21-.08.43-.08.65 0 1.61 1.31 2.92 2.92 2.92s2.92-1.31 2.92-2.92-1.31-2.92-2.92-2.92" />,
);

/** How long the confirmation stays on screen. */
export const shareMessageMs = 4000;

/**
 * Share for the photo shown: the system's share sheet where the browser has
 * one (phones, some desktops), else its address copied to the clipboard with
 * a message that shows and is announced; if even that fails, the message
 * gives the address to copy by hand. Its messages are in the language of
 * `t` (the catalogue's `gallery`); the button's name is the viewer's label
 * "Share this photo", which GalleryLightbox translates with the others.
 */
export function useShare(address: (index: number) => string, t: Messages['gallery']) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const say = useCallback((text: string) => {
    clearTimeout(timer.current);
    // Emptied first, so the same message twice is announced twice.
    setMessage('');
    timer.current = setTimeout(() => {
      setMessage(text);
      timer.current = setTimeout(() => setMessage(''), shareMessageMs);
    }, 50);
  }, []);
  const run = useCallback(
    async (index: number) => {
      const url = address(index);
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ url, title: document.title });
          return;
        } catch (error) {
          // The visitor closed the sheet: nothing to say. Any other failure copies instead.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      try {
        await navigator.clipboard.writeText(url);
        say(t.copied);
      } catch {
        say(t.copyThis(url));
      }
    },
    [address, say, t],
  );
  return { message, run };
}

/** The toolbar's Share button, for the photo on screen. */
export function ShareButton({ onShare }: { onShare: (index: number) => void }) {
  const { currentIndex } = useLightboxState();
  return <IconButton label="Share this photo" icon={ShareIcon} onClick={() => onShare(currentIndex)} />;
}

/** Where Share's confirmation shows and is announced (a live region, there from the start). */
export function ShareStatus({ message }: { message: string }) {
  return (
    <p role="status" className="gallery-share-status" data-empty={message ? undefined : ''}>
      {message}
    </p>
  );
}
