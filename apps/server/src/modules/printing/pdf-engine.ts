/**
 * pdfmake, closed to the outside: the only files it can read are the Roboto TTFs shipped in pdfmake's npm
 * package (Cyrillic and Latin-1, so Bulgarian and Italian), loaded once into its virtual file system. Every
 * URL (images, fonts, attachments) and every other local path is refused by its access policies, so a
 * document's text can never make the renderer fetch or read anything.
 */
import { readFileSync } from 'node:fs';
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
