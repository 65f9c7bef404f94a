/** Portico's mark, drawn inline so it follows the text colour. */
import type { CSSProperties } from 'react';

export function Logo({ style }: { style?: CSSProperties }) {
  return (
    <svg viewBox="0 0 32 32" width="1em" height="1em" fill="currentColor" style={style} aria-hidden="true">
      <path d="M9 27V5h9a8 8 0 0 1 0 16h-4v6zm5-17v6h4a3 3 0 0 0 0-6z" />
    </svg>
  );
}
