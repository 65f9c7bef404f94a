/**
 * The request layer's full-page loading overlay (shared by the calls and counted, as the original's).
 * Concurrent requests with `loading: true` share one overlay, which stays until the last
 * of them settles. Plain DOM, so it works outside React and before the app mounts.
 */

export const LOADING_ID = 'portico-request-loading';
const STYLE_ID = `${LOADING_ID}-style`;

export interface LoadingOptions {
  /** Shown under the spinner. */
  text?: string;
  /** Overlay colour; a light veil by default. */
  background?: string;
}

let count = 0;

// The spinner is a ring in the antd primary colour, drawn with CSS so no component is needed.
const CSS = `
#${LOADING_ID}{position:fixed;inset:0;z-index:3000;display:flex;flex-direction:column;align-items:center;
justify-content:center;gap:12px;background:rgba(255,255,255,.6);color:#1e66d0;font-size:14px}
#${LOADING_ID} .portico-spin{width:32px;height:32px;border-radius:50%;border:3px solid rgba(30,102,208,.2);
border-top-color:#1e66d0;animation:portico-spin 1s linear infinite}
@keyframes portico-spin{to{transform:rotate(360deg)}}`;

function ensureStyle(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  document.head.appendChild(style);
}

/** One more request wants the overlay; the first one creates it. */
export function showLoading(options: LoadingOptions = {}): void {
  count++;
  if (count > 1 || typeof document === 'undefined') return;
  ensureStyle();
  const overlay = document.createElement('div');
  overlay.id = LOADING_ID;
  overlay.setAttribute('role', 'status');
  overlay.setAttribute('aria-busy', 'true');
  if (options.background) overlay.style.background = options.background;
  const spin = document.createElement('div');
  spin.className = 'portico-spin';
  overlay.appendChild(spin);
  if (options.text) {
    const text = document.createElement('div');
    text.textContent = options.text;
    overlay.appendChild(text);
  }
  document.body.appendChild(overlay);
}

/** One request is done with it; the last one removes it. Extra calls are harmless. */
export function hideLoading(): void {
  if (count === 0) return;
  count--;
  if (count === 0) document.getElementById(LOADING_ID)?.remove();
}

/** Drops the overlay whatever the count (tests, hard resets). */
export function resetLoading(): void {
  count = 0;
  document.getElementById(LOADING_ID)?.remove();
}
