/**
 * Version comparison of the original (ba\Version::compare), kept as written because the
 * upgrade rule of uploads depends on its exact answers.
 */

/** `b ≥ a` in the original's sense: the same answers as ba\Version::compare. */
export function compareVersion(a: string, b: string | false | null | undefined): boolean {
  if (!b) return false;
  const left = a.replace(/^[vV]/, '');
  const right = b.replace(/^[vV]/, '');
  if (left === '*' || left === right) return true;
  const leftParts = (left.split('-')[0] ?? '').split('.').map(Number);
  const rightParts = (right.split('-')[0] ?? '').split('.').map(Number);
  const shared = Math.min(leftParts.length, rightParts.length);
  for (let i = 0; i < shared; i++) {
    const l = leftParts[i] ?? 0;
    const r = rightParts[i] ?? 0;
    if (l !== r) return r > l;
  }
  return rightParts.length > leftParts.length;
}

/** `version` with its patch number (third part) raised by one: 1.2.3 → 1.2.4, 1.2 → 1.2.1. */
export function nextPatch(version: string): string {
  const parts = (version.replace(/^[vV]/, '').split('-')[0] ?? '').split('.').map(Number);
  while (parts.length < 3) parts.push(0);
  parts[2] = (parts[2] ?? 0) + 1;
  return parts.join('.');
}

/** An upload may replace an existing module only with a newer version (at least the next patch). */
export function isUpgrade(installedVersion: string, newVersion: string): boolean {
  return compareVersion(nextPatch(installedVersion), newVersion);
}
