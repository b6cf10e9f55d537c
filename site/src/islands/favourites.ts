// The favourites island, on a private project's page only
// (docs/decisions/0080): plain TypeScript, no React in the browser. The
// form (src/features/favourites/FavouritesForm.tsx) posts natively with a
// checkbox per photo; this turns each into a toggle button announced as
// pressed or not (keyboard: Tab and Space or Enter; touch: a tap), keeping
// the checkbox, now hidden, as what the form sends.
import { photoChoice } from '@/features/favourites/form';

/** Takes over the prerendered favourites form in `el`. */
export function mount(el: HTMLElement) {
  const labels = [...el.querySelectorAll<HTMLLabelElement>('label[data-favourite]')];
  labels.forEach((label, i) => {
    const box = label.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (!box) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = photoChoice(i + 1, box.value);
    button.className = 'favourite-toggle';
    const show = () => button.setAttribute('aria-pressed', String(box.checked));
    show();
    button.addEventListener('click', () => {
      box.checked = !box.checked;
      show();
    });
    label.hidden = true;
    label.after(button);
  });
  const style = document.createElement('style');
  style.textContent =
    '.favourite-toggle{font:inherit;width:100%;text-align:start;padding:.5rem .75rem;border:1px solid currentColor;border-radius:8px;background:transparent;color:inherit;cursor:pointer}' +
    '.favourite-toggle[aria-pressed="true"]{background:Highlight;color:HighlightText}' +
    '.favourite-toggle[aria-pressed="true"]::before{content:"★ "}';
  el.append(style);
}
