import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** An uploaded file, read whole (the upload size limit bounds it). */
export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Characters RFC 5987 allows unencoded in `filename*`. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A name cut to `max` characters, keeping its extension (up to 16 characters) when there is one. */
export function truncateFilename(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : [];
  return chars.slice(0, max - extension.length).join('') + extension.join('');
}

/**
 * Control characters a file name never keeps: C0, DEL and C1, and the bidirectional controls (the marks U+200E,
 * U+200F and U+061C, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069), which would show
 * `invoice\u202Efdp.exe` as `invoiceexe.pdf`.
 */
function isFilenameControl(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** A name without control characters (see isFilenameControl). */
export const withoutControls = (name: string) =>
  [...name].filter((char) => !isFilenameControl(char.codePointAt(0) ?? 0)).join('');

/** A file name as stored: no path, no control characters, at most 255 characters (the extension kept). */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return truncateFilename(withoutControls(base).trim(), 255) || 'file';
}

/** A content type as claimed by the upload when it looks like one, else application/octet-stream. */
export function cleanContentType(value: string | undefined): string {
  const type = (value ?? '').trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;\s*[a-z0-9_-]+=("[^"]*"|[a-z0-9_.-]+))*$/.test(
    type,
  ) && type.length <= 200
    ? type
    : 'application/octet-stream';
}

/** `Content-Disposition` per RFC 6266: an ASCII fallback and the UTF-8 name in `filename*`, without control characters. */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  // Names stored before the bidirectional controls were cleaned on upload lose them here too.
  const filename = withoutControls(name) || 'file';
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

/**
 * Sends stored bytes as a download: the real content type, the length, an attachment disposition, no
 * sniffing and a sandbox, so nothing uploaded ever runs on the app's origin.
 */
export function sendFile(
  reply: FastifyReply,
  file: { filename: string; contentType: string; length: number },
  body: Readable | Buffer,
) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', file.length)
    .header('Content-Disposition', contentDisposition(file.filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store')
    .send(body);
}

/** The sandbox for an inline preview: no script, no plug-in, no request out; framed by the app only. */
const PREVIEW_SANDBOX = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
/**
 * A PDF is shown by the browser's own viewer, which browsers refuse inside a sandbox; its bytes are
 * checked to be a PDF on upload, and nothing else of it may load.
 */
const PREVIEW_PDF = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

/**
 * Sends stored bytes for an inline preview (`Content-Disposition: inline`, nosniff). Everything but a PDF
 * is served under `Content-Security-Policy: sandbox`, so an uploaded HTML page never runs script, and
 * never with the app's origin; text without a charset is read as UTF-8.
 */
export function sendPreview(
  reply: FastifyReply,
  file: { filename: string; contentType: string; length: number },
  body: Readable | Buffer,
) {
  const base = file.contentType.split(';')[0].trim().toLowerCase();
  const contentType =
    base === 'text/plain' && !/charset=/i.test(file.contentType) ? 'text/plain; charset=utf-8' : file.contentType;
  return reply
    .header('Content-Type', contentType)
    .header('Content-Length', file.length)
    .header('Content-Disposition', contentDisposition(file.filename, 'inline'))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', base === 'application/pdf' ? PREVIEW_PDF : PREVIEW_SANDBOX)
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Cache-Control', 'private, no-store')
    .send(body);
}

/** Sends a stream built as it is read (a zip) as an attachment: no length, nosniff, a sandbox. */
export function sendStream(reply: FastifyReply, file: { filename: string; contentType: string }, body: Readable) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store')
    .send(body);
}
