// Saving a file the app fetched itself (with the Authorization header a plain link cannot send): from a
// blob: URL, which the CSP allows, revoked a minute later when the browser has surely taken it.

/** Saves a Blob as a browser download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const blobUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}
