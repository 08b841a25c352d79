import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { cleanFilename, truncateFilename } from '../../http/files.ts';

/** Names Windows refuses for a file, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A file name that is safe as a zip entry on any system: no folders (so no `..` or absolute paths), no
 * control characters, none of `< > : " / \ | ? *`, no trailing dots or blanks, not a reserved device name,
 * at most 200 characters (the extension kept).
 */
export function safeEntryName(name: string): string {
  const cleaned = cleanFilename(name)
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/[. ]+$/, '')
    .replace(/^\.+/, '');
  const dot = cleaned.lastIndexOf('.');
  const stem = dot > 0 ? cleaned.slice(0, dot) : cleaned;
  return truncateFilename(RESERVED.test(stem) ? `_${cleaned}` : cleaned, 200) || 'file';
}

/**
 * Entry names for files in order: each made safe, and unique without regard to letter case (a second
 * `report.pdf` becomes `report (2).pdf`, a third `report (3).pdf`, skipping names already taken).
 */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const safe = safeEntryName(name);
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let candidate = safe;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Types not worth deflating again (already compressed). */
const STORED =
  /^(image\/(png|jpeg|gif|webp)|application\/(pdf|zip|gzip|x-7z-compressed|x-rar-compressed|vnd\.openxmlformats-officedocument\..*|vnd\.oasis\.opendocument\..*)|video\/.*|audio\/.*)$/;

export interface ZipEntry {
  name: string;
  contentType: string;
  length: number;
  modified: Date;
  /** Opens the entry's bytes; called only when the archive reaches the entry. */
  open: () => Readable;
}

/**
 * A zip archive streamed as it is read: each entry's bytes are opened only when the archive reaches it
 * and flow through with back-pressure, so memory holds a slice, never the files. An entry that fails
 * ends the stream with that error (the response is cut off, never a broken archive passed as whole).
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  zip.on('error', (error: Error) => output.destroy(error));
  for (const entry of entries) {
    zip.addReadStreamLazy(
      entry.name,
      { size: entry.length, mtime: entry.modified, compress: !STORED.test(entry.contentType.split(';')[0]) },
      (callback) => {
        const body = entry.open();
        body.once('error', (error) => output.destroy(error));
        callback(null, body);
      },
    );
  }
  zip.end();
  zip.outputStream.on('error', (error: Error) => output.destroy(error));
  zip.outputStream.pipe(output);
  // A reader that goes away (a closed download) stops the archive and with it the reads from the database.
  output.once('close', () => (zip.outputStream as PassThrough).destroy());
  return output;
}
