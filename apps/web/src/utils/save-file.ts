/** Hands a file made in the page to the browser's downloads, under the given name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute leaves a slow disk room.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
