/**
 * renderPdf: a PrintableDocument in one of the layouts of PRINT_LAYOUTS (packages/domain/src/printable.ts), as the bytes of a PDF with an original and a
 * copy (each a section of its own, marked on every page, numbered on its own); a draft is neither: one copy marked
 * DRAFT on every page, with a watermark.
 */
import {
  type Locale,
  PRINT_LAYOUTS,
  PRODUCT_TITLE,
  type PrintableDocument,
  type PrintLayoutName,
  printDocumentKind,
  printFilename,
  printLanguage,
} from '@kantora/domain';
import type { FastifyReply } from 'fastify';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { sendFile, sendPreview } from '../../http/files.ts';
import { printFigures } from './figures.ts';
import { PRINT_LABELS, type PrintLabels } from './labels.ts';
import {
  MUTED,
  type PrintContext,
  documentTitle,
  itemsTable,
  localized,
  partiesBlock,
  signaturesBlock,
  titleBlock,
  totalsBlock,
} from './layout-parts.ts';
import { PDF_FONT, pdfFromDefinition } from './pdf-engine.ts';
import { timesheetAnnexBlock } from './timesheet-annex.ts';

const MARGIN_X = 40;

/** The body of one copy: the same for the original and the copy, so both take the same number of pages. */
function body(ctx: PrintContext): Content[] {
  return [
    titleBlock(ctx),
    partiesBlock(ctx),
    itemsTable(ctx),
    totalsBlock(ctx),
    signaturesBlock(ctx),
    ...timesheetAnnexBlock(ctx.doc.timesheetAnnex, ctx.lang),
  ];
}

function copySection(ctx: PrintContext, mark: string, copyIndex: number, copies: number, t: PrintLabels): Content {
  return {
    section: body(ctx),
    header: () => ({
      columns: [
        { text: localized(ctx.doc.provider.name, ctx.lang), color: MUTED, fontSize: 8 },
        { text: mark, bold: true, fontSize: 11, alignment: 'right', characterSpacing: 1 },
      ],
      margin: [MARGIN_X, 22, MARGIN_X, 0],
    }),
    // The sections have the same pages, so each copy counts its own: 1..n for the original, 1..n for the copy.
    footer: (currentPage: number, pageCount: number) => {
      const perCopy = pageCount % copies === 0 ? pageCount / copies : pageCount;
      const page = pageCount % copies === 0 ? currentPage - copyIndex * perCopy : currentPage;
      return {
        columns: [
          { text: t.vendor, color: MUTED, fontSize: 7 },
          { text: t.page(page, perCopy), alignment: 'right', fontSize: 8 },
        ],
        margin: [MARGIN_X, 14, MARGIN_X, 0],
      };
    },
  } as Content;
}

/** The pdfmake definition of a document in a layout (exported for tests of the structure). */
export function printDefinition(
  doc: PrintableDocument,
  layoutName: PrintLayoutName,
  selected: Locale,
): TDocumentDefinitions {
  const layout = PRINT_LAYOUTS[layoutName];
  const lang = printLanguage(layoutName, selected);
  const t = PRINT_LABELS[lang];
  const ctx: PrintContext = { doc, layout, lang, t, figures: printFigures(doc, layout) };
  const title = `${documentTitle(ctx)} ${doc.issued && doc.number ? doc.number : t.draft}`;
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN_X, 50, MARGIN_X, 45],
    info: { title, author: localized(doc.provider.name, lang), creator: PRODUCT_TITLE, producer: PRODUCT_TITLE },
    language: lang,
    defaultStyle: { font: PDF_FONT, fontSize: 9, lineHeight: 1.1 },
    styles: {
      title: { fontSize: 20, bold: true, characterSpacing: 0.5 },
      number: { fontSize: 12, margin: [0, 2, 0, 0] },
      cardHeading: { bold: true, fillColor: '#eeeeee' },
      tableHeader: { bold: true, fontSize: 8.5 },
      comment: { italics: true, color: MUTED, fontSize: 8 },
    },
    watermark: doc.issued ? undefined : { text: t.draft, color: '#9e9e9e', opacity: 0.18, bold: true, fontSize: 96 },
    content: doc.issued
      ? [copySection(ctx, t.original, 0, 2, t), copySection(ctx, t.copy, 1, 2, t)]
      : [copySection(ctx, t.draft, 0, 1, t)],
  };
}

/** The PDF of a document in a layout; `lang` is the print query's language (fixed-language layouts ignore it). */
export function renderPdf(doc: PrintableDocument, layout: PrintLayoutName, lang: Locale = 'bg'): Promise<Buffer> {
  return pdfFromDefinition(printDefinition(doc, layout, lang));
}

/** The download name of a document's print: kind, number and date. */
export function printFilenameOf(doc: PrintableDocument): string {
  return printFilename(printDocumentKind(doc), doc.issued ? doc.number : null, doc.date);
}

/**
 * Answers a rendered PDF: application/pdf with an RFC 6266 Content-Disposition (inline for the browser's
 * viewer, or an attachment), nosniff, no caching.
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  filename: string,
  disposition: 'inline' | 'attachment' = 'inline',
) {
  const file = { filename, contentType: 'application/pdf', length: pdf.length };
  return disposition === 'inline' ? sendPreview(reply, file, pdf) : sendFile(reply, file, pdf);
}
