import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Localized } from './schema/core.ts';
import { files } from './schema/index.ts';
import type { Executor } from './client.ts';

/**
 * The `files` table as a store: every uploaded file's bytes and metadata (documents and the document
 * flow). Bytes are stored uncompressed (STORAGE EXTERNAL), so reading a slice with `substring` reads
 * only that slice; a download streams them CHUNK by CHUNK and never holds a whole file in memory.
 */

/** Bytes read per query when streaming a file. */
export const FILE_CHUNK = 512 * 1024;

/** The metadata columns of a file (never the bytes). */
export const fileColumns = {
  id: files.id,
  documentId: files.documentId,
  filename: files.filename,
  contentType: files.contentType,
  length: files.length,
  uploadDate: files.uploadDate,
  uploadedBy: files.uploadedBy,
  uploadedByName: files.uploadedByName,
};
export type FileView = { [K in keyof typeof fileColumns]: (typeof files.$inferSelect)[K] };

/** Stores a file's bytes; answers its metadata. */
export async function insertFile(
  executor: Executor,
  file: { filename: string; contentType: string; data: Buffer; documentId?: string | null },
  uploader: { id: string; fullName: Localized },
): Promise<FileView> {
  const [stored] = await executor
    .insert(files)
    .values({
      documentId: file.documentId ?? null,
      filename: file.filename,
      contentType: file.contentType,
      length: file.data.length,
      data: file.data,
      uploadedBy: uploader.id,
      uploadedByName: uploader.fullName,
    })
    .returning(fileColumns);
  return stored;
}

/** A stream of a stored file's bytes, read slice by slice only as the consumer asks for them. */
export function fileBody(executor: Executor, fileId: string, length: number): Readable {
  async function* chunks() {
    for (let offset = 0; offset < length; offset += FILE_CHUNK) {
      const [part] = await executor
        .select({ bytes: sql<Uint8Array>`substring(${files.data} from ${offset + 1} for ${FILE_CHUNK})` })
        .from(files)
        .where(eq(files.id, fileId));
      if (!part) throw new Error('file removed while reading');
      yield Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The first bytes of a stored file (for checking what it is). */
export async function fileHead(executor: Executor, fileId: string, bytes = 512): Promise<Buffer> {
  const [part] = await executor
    .select({ bytes: sql<Uint8Array>`substring(${files.data} from 1 for ${bytes})` })
    .from(files)
    .where(eq(files.id, fileId));
  return part ? Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength) : Buffer.alloc(0);
}
