/**
 * pdfmake, closed to the outside: the only files it can read are the Roboto TTFs shipped in pdfmake's npm
 * package (Cyrillic and Latin-1, so Bulgarian and Italian), loaded once into its virtual file system. Every
 * URL (images, fonts, attachments) and every other local path is refused by its access policies, so a
 * document's text can never make the renderer fetch or read anything.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

type PdfMake = typeof import('pdfmake') & {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
};

/** What this module touches of a parsed font (fontkit) and of pdfkit's embedded font. */
interface ParsedFont {
  createSubset(): unknown;
  characterSet: number[];
  glyphForCodePoint(codePoint: number): unknown;
}
interface EmbeddedFont {
  font: ParsedFont;
  subset: unknown;
}
interface PdfMakeDocument {
  fontCache: Record<string, Record<string, EmbeddedFont | undefined> | undefined>;
  getFontType(bold: boolean, italics: boolean): string;
  provideFont(family: string, bold: boolean, italics: boolean): EmbeddedFont;
}

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as PdfMake;

export const PDF_FONT = 'Roboto';
const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

/**
 * pdfkit parses each font again for every document, and the first text it lays out decodes the font's
 * substitution and positioning tables: tens of milliseconds per face and per document, most of a small
 * invoice's time. The parsed font is read-only once decoded (its caches only grow, up to the font's glyph
 * count), so every document shares one per face; each document keeps its own subset of the glyphs it uses.
 * A glyph keeps the code points it was first looked up with (they become the PDF's text), and embedding a
 * subset looks up the components of composite glyphs without any: so every glyph of the font's character
 * map is looked up by its code point once, before any document can cache it empty (but the ligatures of
 * U+FB00–FB4F, which take the letters they replace from the text laid out: "fi", not "ﬁ").
 */
function shareParsedFonts() {
  const documentClass = require('pdfmake/js/PDFDocument').default as { prototype: PdfMakeDocument };
  const provideFont = documentClass.prototype.provideFont;
  const parsed = new Map<string, ParsedFont>();
  documentClass.prototype.provideFont = function (this: PdfMakeDocument, family, bold, italics) {
    const key = `${family}/${this.getFontType(bold, italics)}`;
    const known = this.fontCache[family]?.[this.getFontType(bold, italics)];
    const embedded = provideFont.call(this, family, bold, italics);
    if (known) return embedded;
    const shared = parsed.get(key);
    if (shared) {
      embedded.font = shared;
      embedded.subset = shared.createSubset();
    } else {
      const font = embedded.font;
      const codePoints = font.characterSet.filter((codePoint) => codePoint < 0xfb00 || codePoint > 0xfb4f);
      for (const codePoint of codePoints.sort((a, b) => a - b)) font.glyphForCodePoint(codePoint);
      parsed.set(key, font);
    }
    return embedded;
  };
}

let ready = false;

function setUp() {
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  for (const file of Object.values(FONT_FILES))
    pdfmake.virtualfs.writeFileSync(file, readFileSync(join(fontDir, file)));
  pdfmake.setFonts({ [PDF_FONT]: { ...FONT_FILES } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  shareParsedFonts();
  ready = true;
}

/** Renders a document definition to the bytes of a PDF. */
export async function pdfFromDefinition(definition: TDocumentDefinitions): Promise<Buffer> {
  if (!ready) setUp();
  return pdfmake.createPdf(definition).getBuffer();
}

/** What a directly drawn document adds to pdfkit's: the house's font faces (pdfmake's, shared parsed fonts). */
export interface DrawnPdf extends PDFKit.PDFDocument {
  /** Sets the house's font face (Roboto: regular, medium for bold, italic) and size for the next text. */
  face(options: { bold?: boolean; italics?: boolean; size: number }): DrawnPdf;
  /**
   * Starts a text object for `lineAt` (a table row's cells: one text object instead of one each). Nothing but
   * `lineAt`, `face` and colours between it and `endText` (no paths, no pdfkit `text`).
   */
  beginText(): DrawnPdf;
  /**
   * One line of text in the current face and fill colour, its top-left corner at (x, y), never wrapped: what
   * pdfkit's `text(value, x, y, { lineBreak: false })` shows, written as a text position and its glyphs (the font
   * when it changes) instead of pdfkit's eight operators and option handling per text.
   */
  lineAt(text: string, x: number, y: number): DrawnPdf;
  /** Ends the text object of `beginText`. */
  endText(): DrawnPdf;
}

/** A page of pdfkit and its content stream (a PDFReference). */
interface KitPage {
  content: { compress: boolean; buffer: unknown[]; data: Record<string, unknown>; write(chunk: Uint8Array): void };
}

interface PdfMakeKitDocument {
  provideFont(family: string, bold: boolean, italics: boolean): KitFont;
  _font: KitFont;
  _fontSize: number;
  page: { fonts: Record<string, unknown> };
  addContent(data: string): unknown;
}

/** What the fast layout touches of pdfkit's embedded font and of fontkit's glyphs. */
interface KitGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface ParsedKitFont {
  glyphForCodePoint(codePoint: number): KitGlyph;
}
interface KitRun {
  glyphs: KitGlyph[];
  positions: Array<Record<string, number>>;
  advanceWidth: number;
}
interface KitFont {
  id: string;
  ascender: number;
  ref(): unknown;
  font: ParsedKitFont;
  scale: number;
  subset: { includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  layout(text: string, features?: unknown, onlyWidth?: boolean): KitRun;
  layoutCached(text: string): KitRun;
  layoutRun(text: string, features?: unknown): KitRun;
  encode(text: string, features?: unknown): [string[], KitRun['positions']];
  widthOfString(text: string, size: number, features?: unknown): number;
  plainLayout?: boolean;
  /** The glyph codes of a plain text (PLAIN_TEXT) as one hex string, its glyphs in the document's subset. */
  plainHex?(text: string): string;
}

/** Each shared parsed font's glyphs by code point (fontkit looks the character map up again on every call). */
const glyphsByCodePoint = new WeakMap<ParsedKitFont, Map<number, KitGlyph>>();

/** Each shared parsed font's words shaped by fontkit (pdfkit's per-document layout cache, kept across documents). */
const shapedWords = new WeakMap<ParsedKitFont, Map<string, KitRun>>();
/** Past this many words a font's shaped words are forgotten (names and addresses would make it grow forever). */
const SHAPED_WORDS = 20_000;

/** Numbers, dates, amounts: text that needs no shaping (no ligatures, no kerning in Roboto's figures). */
const PLAIN_TEXT = /^[0-9 .,:;()/№\u00a0\u202f\u2013-]*$/;

/**
 * pdfkit shapes every word it has not seen in the document with fontkit (substitutions, positioning) and encodes
 * it glyph by glyph: most of a long table's time, as its amounts and numbers are nearly all different. Plain text
 * (PLAIN_TEXT) is laid out from the font's character map and advance widths instead, and encoded with each glyph's
 * code kept for the document (a right-aligned amount is measured, then written: once); other text is shaped and
 * encoded by pdfkit as before.
 */
function layOutPlainTextFast(font: KitFont) {
  if (font.plainLayout) return;
  font.plainLayout = true;
  let glyphs = glyphsByCodePoint.get(font.font);
  if (!glyphs) {
    glyphs = new Map();
    glyphsByCodePoint.set(font.font, glyphs);
  }
  const known = glyphs;
  const runs = new Map<string, KitRun>();
  const encoded = new Map<string, [string[], KitRun['positions']]>();
  const codes = new Map<number, string>();
  const layout = font.layout.bind(font);
  const encode = font.encode.bind(font);
  const widthOfString = font.widthOfString.bind(font);
  const glyphOf = (codePoint: number) => {
    let glyph = known.get(codePoint);
    if (!glyph) {
      glyph = font.font.glyphForCodePoint(codePoint);
      known.set(codePoint, glyph);
    }
    return glyph;
  };
  // A glyph's code in the document (what pdfkit's encode does for a glyph: into the subset, its width and text kept).
  const codeOf = (glyph: KitGlyph) => {
    let code = codes.get(glyph.id);
    if (code === undefined) {
      const id = font.subset.includeGlyph(glyph.id);
      code = `0000${id.toString(16)}`.slice(-4);
      font.widths[id] ??= glyph.advanceWidth * font.scale;
      font.unicode[id] ??= glyph.codePoints;
      codes.set(glyph.id, code);
    }
    return code;
  };
  // The codes of the plain characters by code point (a table's amounts and dates: a few dozen characters).
  const hexes = new Map<number, string>();
  font.plainHex = (text) => {
    let hex = '';
    for (let i = 0; i < text.length; i++) {
      const codePoint = text.charCodeAt(i);
      let code = hexes.get(codePoint);
      if (code === undefined) {
        code = codeOf(glyphOf(codePoint));
        hexes.set(codePoint, code);
      }
      hex += code;
    }
    return hex;
  };
  // The width of a plain text, summed as its run's would be, without laying the run out (each amount is measured
  // once, to be aligned right).
  font.widthOfString = (text, size, features) => {
    if (features || !PLAIN_TEXT.test(text)) return widthOfString(text, size, features);
    let width = 0;
    for (let i = 0; i < text.length; i++) width += glyphOf(text.charCodeAt(i)).advanceWidth * font.scale;
    return width * (size / 1000);
  };
  const plainRun = (text: string): KitRun => {
    const cached = runs.get(text);
    if (cached) return cached;
    const run: KitRun = { glyphs: [], positions: [], advanceWidth: 0 };
    for (const character of text) {
      const glyph = glyphOf(character.codePointAt(0)!);
      const width = glyph.advanceWidth * font.scale;
      run.glyphs.push(glyph);
      run.positions.push({ xAdvance: width, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: width });
      run.advanceWidth += width;
    }
    runs.set(text, run);
    return run;
  };
  font.layout = (text, features, onlyWidth) =>
    features || !PLAIN_TEXT.test(text) ? layout(text, features, onlyWidth) : plainRun(text);
  // The plain words of other text ("по документ № 9900000002"); the others shaped once for every document (a
  // shaped word is read only: its glyphs are the shared font's, its positions already scaled).
  let shaped = shapedWords.get(font.font);
  if (!shaped) {
    shaped = new Map();
    shapedWords.set(font.font, shaped);
  }
  const words = shaped;
  font.layoutCached = (text) => {
    if (PLAIN_TEXT.test(text)) return plainRun(text);
    let run = words.get(text);
    if (!run) {
      if (words.size >= SHAPED_WORDS) words.clear();
      run = font.layoutRun(text);
      words.set(text, run);
    }
    return run;
  };
  font.encode = (text, features) => {
    if (features) return encode(text, features);
    const cached = encoded.get(text);
    if (cached) return cached;
    if (!PLAIN_TEXT.test(text)) {
      // Shaped by pdfkit once per document and text ("Фактура" on every row), not on every call.
      const shaped = encode(text);
      encoded.set(text, shaped);
      return shaped;
    }
    const run = plainRun(text);
    const hex = run.glyphs.map(codeOf);
    const result: [string[], KitRun['positions']] = [hex, run.positions];
    encoded.set(text, result);
    return result;
  };
}

/**
 * pdfkit turns every operator line it adds to a page (a text's position, font, glyphs…) into a Buffer of its own:
 * tens of thousands of small Buffers for a long table, most of its garbage, and deflates each page's content at
 * zlib's default level when the document ends (a sixth of a long statement's time). The lines are gathered as
 * strings per page and each page's content is written once when the document ends, deflated at level 1: a fifth of
 * the time for a content stream about a fifth larger (the fonts, a small part of the file, keep pdfkit's level).
 */
function batchPageContent(doc: PDFKit.PDFDocument) {
  const kit = doc as unknown as {
    page: KitPage;
    addContent(data: string): unknown;
    end(): void;
  };
  const pages = new Map<KitPage, string[]>();
  let page: KitPage | null = null;
  let lines: string[] = [];
  kit.addContent = function (this: typeof kit, data: string) {
    if (this.page !== page) {
      // The page left as one string (fewer objects kept until the end), the page drawn on next continued.
      if (page && lines.length > 1) pages.set(page, [lines.join('\n')]);
      page = this.page;
      lines = pages.get(page) ?? [];
      pages.set(page, lines);
    }
    lines.push(data);
    return this;
  };
  const end = kit.end.bind(kit);
  kit.end = () => {
    for (const [target, content] of pages) {
      const data = Buffer.from(`${content.join('\n')}\n`, 'latin1');
      const stream = target.content;
      // As pdfkit's own compression would (nothing but these lines is written to a drawn page's content).
      if (stream.compress && stream.buffer.length === 0) {
        stream.compress = false;
        stream.data.Filter = 'FlateDecode';
        stream.write(deflateSync(data, { level: 1 }));
      } else stream.write(data);
    }
    pages.clear();
    page = null;
    end();
  };
}

/**
 * A pdfkit document drawn directly, with the same closed setup and fonts as pdfmake's documents (pdfmake's own
 * pdfkit subclass: its virtual file system, its access policies, the shared parsed fonts). For a print whose
 * rows pdfmake would lay out too slowly (a statement of account of thousands of lines): the caller places every
 * line itself. `bufferPages` is on, so that headers and footers ("page x of y") are drawn once the pages are known.
 */
export function drawnPdf(options: PDFKit.PDFDocumentOptions): DrawnPdf {
  if (!ready) setUp();
  const DocumentClass = require('pdfmake/js/PDFDocument').default as new (
    fonts: Record<string, typeof FONT_FILES>,
    images: object,
    patterns: object,
    attachments: object,
    options: PDFKit.PDFDocumentOptions,
    virtualfs: unknown,
    localAccessPolicy: () => boolean,
  ) => DrawnPdf & PdfMakeKitDocument;
  const doc = new DocumentClass(
    { [PDF_FONT]: { ...FONT_FILES } },
    {},
    {},
    {},
    // No default font: pdfkit would parse Helvetica's metrics for every document (a few milliseconds) that a drawn
    // document never uses (its text is in the house's faces, set before any text).
    { ...options, font: '', bufferPages: true },
    pdfmake.virtualfs,
    () => false,
  );
  batchPageContent(doc);
  doc.face = function (this: DrawnPdf & PdfMakeKitDocument, { bold = false, italics = false, size }) {
    const font = this.provideFont(PDF_FONT, bold, italics);
    layOutPlainTextFast(font);
    this._font = font;
    this.fontSize(size);
    return this;
  };
  // The font set in the open text object (`font size`), '' when none is.
  let textFont = '';
  doc.beginText = function (this: DrawnPdf & PdfMakeKitDocument) {
    this.addContent('BT');
    textFont = '';
    return this;
  };
  doc.endText = function (this: DrawnPdf & PdfMakeKitDocument) {
    this.addContent('ET');
    return this;
  };
  doc.lineAt = function (this: DrawnPdf & PdfMakeKitDocument, value: string, x: number, y: number) {
    const text = value.replace(/\n/g, '');
    if (!text) return this;
    const font = this._font;
    const size = this._fontSize;
    if (this.page.fonts[font.id] == null) this.page.fonts[font.id] = font.ref();
    const face = `${font.id} ${number(size)}`;
    if (face !== textFont) {
      this.addContent(`/${face} Tf`);
      textFont = face;
    }
    // pdfkit flips the page's y axis back (cm) and places the baseline at height − y − ascender; the same glyphs
    // land there with the flip in the text matrix instead: (x, y + ascender) in the page's top-down space.
    const baseline = y + (font.ascender / 1000) * size;
    if (font.plainHex && PLAIN_TEXT.test(text)) {
      // Plain text: its glyphs run together, without kerning or offsets (what the segments below write for it).
      this.addContent(`1 0 0 -1 ${number(x)} ${number(baseline)} Tm`);
      this.addContent(`[<${font.plainHex(text)}> 0] TJ`);
      return this;
    }
    const [encoded, positions] = font.encode(text);
    const scale = size / 1000;
    this.addContent(`1 0 0 -1 ${number(x)} ${number(baseline)} Tm`);
    // pdfkit's segments (written without closures: this runs for every cell): glyphs run together, a kerning
    // adjustment where an advance is not the glyph's width, a text position of its own for a glyph with an offset.
    let commands = '';
    let last = 0;
    let left = x;
    let moved = false;
    for (let i = 0; i <= positions.length; i++) {
      const at = positions[i];
      const offset = at !== undefined && (at.xOffset || at.yOffset);
      // The glyphs before i end a segment: at the end, before a glyph with an offset, after a kerned glyph.
      if (i === positions.length || offset) {
        if (last < i) {
          const end = positions[i - 1];
          commands += `${commands ? ' ' : ''}<${encoded.slice(last, i).join('')}> ${number(-(end.xAdvance - end.advanceWidth))}`;
        }
        last = i;
        if (commands) this.addContent(`[${commands}] TJ`);
        commands = '';
        if (i === positions.length) break;
      }
      if (offset) {
        this.addContent(`1 0 0 -1 ${number(left + at.xOffset * scale)} ${number(baseline - at.yOffset * scale)} Tm`);
        this.addContent(`[<${encoded[i]}> ${number(-(at.xAdvance - at.advanceWidth))}] TJ`);
        last = i + 1;
        moved = true;
      } else {
        if (moved) {
          this.addContent(`1 0 0 -1 ${number(left)} ${number(baseline)} Tm`);
          moved = false;
        }
        if (at.xAdvance - at.advanceWidth !== 0) {
          commands += `${commands ? ' ' : ''}<${encoded.slice(last, i + 1).join('')}> ${number(-(at.xAdvance - at.advanceWidth))}`;
          last = i + 1;
        }
      }
      left += at.xAdvance * scale;
    }
    return this;
  };
  return doc;
}

/** A number in a content stream as pdfkit writes it (six decimals at most). */
function number(n: number): number {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`unsupported number: ${n}`);
}

/** Ends a drawn document and answers its bytes. */
export function drawnPdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
