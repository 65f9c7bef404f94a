/**
 * The sign-in page drawn at build time (apps/web/build/prerender-sign-in.ts) is on screen, in
 * `#drawn` beside the app's empty `#app`, before the app runs, and a visitor may type into its
 * form. When the app's own page is committed, before the browser paints it, the app's form takes
 * what was typed there (the fields' values, the field that had the caret, and whether Enter or
 * the button asked to sign in: the page's head script held that submission back, which would
 * have put the password in the address), and the drawn page is removed. Until that moment the
 * drawn form stays live: nothing typed is lost while the app renders.
 */

/** The element holding the drawn page, beside `#app`. */
export const DRAWN_PAGE_ID = 'drawn';
/** Marks the drawn form (only the build's drawing sets it); the head script looks for it. */
export const DRAWN_ATTRIBUTE = 'data-drawn';
/** Set on the drawn form by the head script when it was submitted. */
export const SUBMITTED_ATTRIBUTE = 'data-submitted';

export interface DrawnFormState {
  /** By the inputs' names: text for a text field, checked for a box. */
  values: Record<string, string | boolean>;
  /** The field that had the caret, and where in it. */
  focus?: { name: string; start: number | null; end: number | null };
  submitted: boolean;
}

/** What the drawn form holds; undefined when there is none (any load but a cold sign-in). */
export function drawnFormState(): DrawnFormState | undefined {
  const form = document.querySelector<HTMLFormElement>(`#${DRAWN_PAGE_ID} form[${DRAWN_ATTRIBUTE}]`);
  if (!form) return undefined;
  const values: DrawnFormState['values'] = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    values[input.name] = input.type === 'checkbox' ? input.checked : input.value;
  }
  const active = document.activeElement;
  const focus =
    active instanceof HTMLInputElement && form.contains(active) && active.name
      ? { name: active.name, start: active.selectionStart, end: active.selectionEnd }
      : undefined;
  return { values, focus, submitted: form.hasAttribute(SUBMITTED_ATTRIBUTE) };
}

/** Removes the drawn page: the app's is on screen, or will show instead (the router's). */
export function removeDrawnPage(): void {
  document.getElementById(DRAWN_PAGE_ID)?.remove();
}
