/** Readable sizes, 1024-based: B, KB, MB, GB, TB. */
export function fileSize(bytes: number, decimals = 2): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(decimals)} ${units[unit]}`;
}
