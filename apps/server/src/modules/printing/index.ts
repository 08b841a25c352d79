/**
 * The printing module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { formatDate, formatMoney } from './labels.ts';
export { MUTED, localized, RULE, ruledTable } from './layout-parts.ts';
export { type DrawnPdf, drawnPdf, drawnPdfBytes, PDF_FONT, pdfFromDefinition } from './pdf-engine.ts';
export { printFilenameOf, renderPdf, sendPdf } from './render.ts';
