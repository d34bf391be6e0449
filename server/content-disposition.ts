// The Content-Disposition of a file download (attachments, exports): an ASCII fallback name and the
// exact UTF-8 name (RFC 6266 / RFC 5987), so any file name survives every browser.

/** `attachment; filename="…"; filename*=UTF-8''…` for `name`. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
