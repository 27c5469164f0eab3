/**
 * Content-Disposition for a generated file whose name holds user data (a pallet
 * barcode may contain any character). Node refuses non-Latin-1 characters in a
 * header (ERR_INVALID_CHAR, a 500), so the plain `filename` gets an ASCII
 * stand-in and the real name travels RFC 6266 / 5987 encoded in `filename*`.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  // Lone surrogates cannot be percent-encoded (URIError); pairs are kept.
  const wellFormed = fileName.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '_');
  const ascii = wellFormed.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '_').replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === fileName) return `${disposition}; filename="${fileName}"`;
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(wellFormed)}`;
}
