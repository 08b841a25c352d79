/**
 * What a file's first bytes say it is. An upload's claimed content type is never trusted on its own:
 * a file called `.pdf` (claimed `application/pdf`) whose bytes are an HTML page is stored and served as
 * `text/html`, so no later reader (a preview, a browser) takes it for something it is not.
 */

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

/** Binary formats recognised by their magic numbers. */
const SIGNATURES: Array<[string, (data: Buffer) => boolean]> = [
  ['application/pdf', (d) => startsWith(d, [0x25, 0x50, 0x44, 0x46, 0x2d])], // %PDF-
  ['image/png', (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/jpeg', (d) => startsWith(d, [0xff, 0xd8, 0xff])],
  [
    'image/gif',
    (d) => startsWith(d, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || startsWith(d, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]),
  ],
  ['image/webp', (d) => startsWith(d, [0x52, 0x49, 0x46, 0x46]) && startsWith(d, [0x57, 0x45, 0x42, 0x50], 8)],
];

/** The tags the WHATWG MIME sniffing standard takes as the start of an HTML document (plus svg and xml). */
const HTML_START =
  /^(<!doctype html|<html|<head|<script|<iframe|<h1|<div|<font|<table|<a|<style|<title|<b|<body|<br|<p|<!--|<svg|<\?xml|<meta|<link|<object|<embed|<form|<img)[\s>/]/i;

/** Types whose bytes tell what they are: a claim of one of them that the bytes do not back is not kept. */
const CHECKED_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/html',
  'text/plain',
]);

/** The head of a text: a UTF-8 byte order mark and leading white space skipped. */
function textHead(data: Buffer): string {
  let start = startsWith(data, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (start < data.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(data[start])) start += 1;
  return data.subarray(start, start + 64).toString('latin1');
}

/** True when the first bytes read as text (no NUL, no control characters but tab, line feeds, form feed and escape). */
export function looksLikeText(data: Buffer): boolean {
  const head = data.subarray(0, 1024);
  for (const byte of head) {
    if (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte)) return false;
  }
  return true;
}

/** The type the first bytes prove, or undefined when they prove none. */
export function sniffContentType(data: Buffer): string | undefined {
  for (const [type, matches] of SIGNATURES) if (matches(data)) return type;
  if (HTML_START.test(textHead(data))) return 'text/html';
  return undefined;
}

/**
 * The content type to store for an upload: what the bytes prove (a known binary signature, or markup:
 * `text/html`), else the claim when the bytes do not contradict it, else `text/plain` for text and
 * `application/octet-stream` for anything else.
 */
export function checkedContentType(claimed: string, data: Buffer): string {
  const sniffed = sniffContentType(data);
  if (sniffed) return sniffed;
  const base = claimed.split(';')[0].trim().toLowerCase();
  const text = looksLikeText(data);
  if (CHECKED_TYPES.has(base)) {
    if (base === 'text/plain' && text) return claimed;
    return text ? 'text/plain' : 'application/octet-stream';
  }
  if (base.startsWith('text/') && !text) return 'application/octet-stream';
  return claimed;
}
