import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * Reads a zip archive's entries through its central directory (enough for checking what a download holds):
 * stored and deflated entries, UTF-8 names. ZIP64 sizes are read from the extra field when present.
 */
export function readZip(archive: Buffer): ZipEntry[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let offset = archive.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${index}`);
    const method = archive.readUInt16LE(offset + 10);
    let compressedSize = archive.readUInt32LE(offset + 20);
    const nameLength = archive.readUInt16LE(offset + 28);
    const extraLength = archive.readUInt16LE(offset + 30);
    const commentLength = archive.readUInt16LE(offset + 32);
    let localOffset = archive.readUInt32LE(offset + 42);
    const name = archive.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    // ZIP64: the real sizes and offset are in the extra field (id 0x0001), in the order of the fields set to 0xffffffff.
    const extra = archive.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength);
    for (let at = 0; at + 4 <= extra.length; ) {
      const id = extra.readUInt16LE(at);
      const size = extra.readUInt16LE(at + 2);
      if (id === 0x0001) {
        let field = at + 4;
        const uncompressed = archive.readUInt32LE(offset + 24);
        if (uncompressed === 0xffffffff) field += 8;
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
        if (localOffset === 0xffffffff) localOffset = Number(extra.readBigUInt64LE(field));
      }
      at += 4 + size;
    }
    if (archive.readUInt32LE(localOffset) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const start = localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    const raw = archive.subarray(start, start + compressedSize);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
