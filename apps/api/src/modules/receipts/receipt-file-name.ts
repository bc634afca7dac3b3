/** Room for a phone's "IMG_20261123_101512_HDR.jpg" and more; the column allows 255. */
const MAX_NAME_LENGTH = 120;
/** Control characters (NUL included), and half of a surrogate pair without its partner. */
// oxlint-disable-next-line no-control-regex -- control characters are exactly what is being removed.
const UNSTORABLE = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The name a receipt is kept under: a label from the person's device, never a path. Unlike typed
 * text (refused when too long, docs/decisions/013-one-gate.md), nobody can fix a camera's file name
 * on a phone, so it is cleaned instead: the last path segment only, unstorable characters replaced,
 * shortened keeping its extension. The extension is the stored type's, whatever the name said.
 */
export function receiptFileName(given: string | undefined, extension: string): string {
  const lastSegment = (given ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment.replace(UNSTORABLE, '_').trim();
  const stem = cleaned.replace(/\.[^.]*$/, '').replace(/^\.+/, '') || 'receipt';
  const room = MAX_NAME_LENGTH - extension.length - 1;
  return `${[...stem].slice(0, room).join('')}.${extension}`;
}

export function extensionOf(contentType: string): string {
  return contentType === 'application/pdf' ? 'pdf' : contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg';
}

/**
 * `inline` with the name twice: an ASCII fallback in quotes (nothing that could end the header or
 * the quote) and the UTF-8 original per RFC 6266 / 8187, for browsers that read it.
 */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
