import { createRequire } from 'node:module';
import { formatDate } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { amountInWords } from './amount-in-words.js';

const m = messages.bankInvoices;

// PT Sans (ParaType, OFL) is made for Russian; pdfkit embeds only the glyphs used.
const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/pt-sans/700Bold/PTSans_700Bold.ttf');

/** The operator as the invoice prints it; `samples` are demo-mode placeholders, labelled «Пример». */
export interface InvoiceSupplier {
  name: string;
  inn: string;
  ogrn: string | null;
  address: string;
  bank: string;
  samples: string[];
}

export interface InvoiceBuyer {
  name: string;
  inn: string;
  kpp: string | null;
  address: string;
}

export interface InvoiceDocument {
  number: string;
  createdAt: Date;
  amountKopecks: number;
  supplier: InvoiceSupplier;
  buyer: InvoiceBuyer;
  vat: { rate: number | null; kopecks: number };
}

const moneyFormat = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** «1 500,00»: plain spaces, since a PDF reader's copy-paste should give what a person types. */
export function invoiceMoney(kopecks: number): string {
  return moneyFormat.format(kopecks / 100).replace(/\s/g, ' ');
}

export function vatText(vat: InvoiceDocument['vat']): string {
  return vat.rate === null ? m.pdfNoVat : fillMessage(m.pdfVat, { rate: vat.rate, amount: invoiceMoney(vat.kopecks) });
}

const PAGE_MARGIN = 40;
const COLUMN_WIDTHS = [25, 245, 45, 35, 80, 85];

/**
 * Renders the invoice (счёт на оплату) as a one-page A4 PDF. PDFKit loads at the first invoice, not
 * at every start of the server (0.18 s of CPU that most starts never need).
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const date = formatDate(invoice.createdAt);
  const title = fillMessage(m.pdfTitle, { number: invoice.number, date });
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    font: FONT_REGULAR,
    info: { Title: title, Author: invoice.supplier.name },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - PAGE_MARGIN * 2;
  const sample = (key: string, value: string) => (invoice.supplier.samples.includes(key) ? `${m.pdfSample}: ${value}` : value);

  if (invoice.supplier.samples.length > 0) {
    doc.font('bold').fontSize(11).fillColor('#b00020').text(m.pdfSampleNotice, { width }).fillColor('black').moveDown();
  }
  doc
    .font('regular')
    .fontSize(10)
    .text(`${m.pdfBank}: ${sample('company_bank', invoice.supplier.bank)}`, { width });
  doc.moveDown();
  doc.font('bold').fontSize(16).text(title, { width });
  doc.moveDown(0.5);
  doc
    .moveTo(PAGE_MARGIN, doc.y)
    .lineTo(PAGE_MARGIN + width, doc.y)
    .stroke()
    .moveDown(0.5);

  const party = (label: string, lines: string[]) => {
    doc.font('bold').fontSize(10).text(`${label}: `, { continued: true, width }).font('regular').text(lines.join(', '), { width });
    doc.moveDown(0.5);
  };
  const supplier = invoice.supplier;
  party(m.pdfSupplier, [
    sample('company_name', supplier.name),
    sample('company_inn', `${m.pdfInn} ${supplier.inn}`),
    ...(supplier.ogrn ? [sample('company_ogrn', `${m.pdfOgrn} ${supplier.ogrn}`)] : []),
    sample('company_address', supplier.address),
  ]);
  const buyer = invoice.buyer;
  party(m.pdfBuyer, [buyer.name, `${m.pdfInn} ${buyer.inn}`, ...(buyer.kpp ? [`${m.pdfKpp} ${buyer.kpp}`] : []), buyer.address]);
  doc.moveDown(0.5);

  const amount = invoiceMoney(invoice.amountKopecks);
  drawRow(doc, m.pdfColumns.split('|'), 'bold');
  drawRow(doc, ['1', m.pdfLine, '1', m.pdfUnit, amount, amount], 'regular');
  doc.moveDown(0.5);

  const totals: Array<[string, string]> = [
    [`${m.pdfTotal}:`, amount],
    [`${vatText(invoice.vat)}`, ''],
  ];
  for (const [label, value] of totals) {
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(10)
      .text(label, PAGE_MARGIN, y, { width: width - 90, align: 'right' });
    if (value) doc.text(value, PAGE_MARGIN + width - 85, y, { width: 85, align: 'right' });
  }
  doc.moveDown();
  doc.font('regular').text(fillMessage(m.pdfInWords, { words: amountInWords(invoice.amountKopecks) }), PAGE_MARGIN, doc.y, { width });
  doc.moveDown();
  doc.font('bold').text(fillMessage(m.pdfPurpose, { number: invoice.number, date, vat: vatText(invoice.vat) }), { width });
  doc.moveDown();
  doc.font('regular').fontSize(9).text(m.pdfValidity, { width });
  doc.end();
  return done;
}

/** One table row: cells in fixed columns, boxed, as tall as its tallest cell. */
function drawRow(doc: PDFKit.PDFDocument, cells: string[], font: 'regular' | 'bold'): void {
  const top = doc.y;
  const padding = 4;
  doc.font(font).fontSize(10);
  const height =
    Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: COLUMN_WIDTHS[index]! - padding * 2 }))) + padding * 2;
  let x = PAGE_MARGIN;
  cells.forEach((cell, index) => {
    const cellWidth = COLUMN_WIDTHS[index]!;
    doc.rect(x, top, cellWidth, height).stroke();
    doc.text(cell, x + padding, top + padding, { width: cellWidth - padding * 2, align: index >= 4 ? 'right' : 'left' });
    x += cellWidth;
  });
  doc.x = PAGE_MARGIN;
  doc.y = top + height;
}
