/**
 * The QR code of a Russian fiscal receipt: `t=20240917T1801&s=1285.21&fn=…&i=…&fp=…&n=1`
 * (date-time, total in rubles, fiscal drive number, fiscal document number, fiscal sign,
 * operation type). Shoppers send it bare or inside a URL.
 */
export interface FiscalQr {
  /** Local date-time as printed, without a zone: 'YYYY-MM-DDTHH:MM:SS'. */
  localDateTime: string;
  totalKopecks: number;
  fn: string;
  i: string;
  fp: string;
  /** 1 sale, 2 sale return, 3 expense, 4 expense return. */
  n: number;
}

type QrParam = 't' | 's' | 'fn' | 'i' | 'fp' | 'n';

/**
 * Returns the receipt's identity, or undefined for anything that is not a fiscal QR. Never throws.
 * A text percent-encoded whole (`t%3D20240917T1801%26s%3D…`, as proverkacheka.com's own links
 * carry it) is read once decoded; decoded once only, so a doubly encoded one stays unrecognised.
 */
export function parseFiscalQr(input: string): FiscalQr | undefined {
  if (typeof input !== 'string' || input.length > 2000) return undefined;
  const text = input.trim();
  return readFiscalQr(text) ?? readFiscalQr(percentDecoded(text));
}

/** The text decoded once when its `=` or `&` are percent-encoded; undefined otherwise, or for a malformed escape. */
function percentDecoded(text: string): string | undefined {
  if (!/%(3d|26)/i.test(text)) return undefined;
  try {
    return decodeURIComponent(text).trim();
  } catch {
    return undefined;
  }
}

function readFiscalQr(text: string | undefined): FiscalQr | undefined {
  if (text === undefined) return undefined;
  const query = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query.split('#')[0]);
  } catch {
    return undefined;
  }
  const value = (key: QrParam) => params.get(key)?.trim() ?? '';

  const t = /^(\d{4})(\d{2})(\d{2})[Tt](\d{2})(\d{2})(\d{2})?$/.exec(value('t'));
  const s = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(value('s'));
  const fn = value('fn');
  const i = value('i');
  const fp = value('fp');
  const n = value('n');
  if (!t || !s || !/^\d{1,20}$/.test(fn) || !/^\d{1,10}$/.test(i) || !/^\d{1,10}$/.test(fp) || !/^[1-4]$/.test(n)) return undefined;

  const [, year, month, day, hour, minute, second = '00'] = t;
  if (!isRealDateTime(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second))) return undefined;
  const kopecks = Number(s[1]) * 100 + Number((s[2] ?? '0').padEnd(2, '0'));
  return {
    localDateTime: `${year}-${month}-${day}T${hour}:${minute}:${second}`,
    totalKopecks: kopecks,
    fn: fn.replace(/^0+(?=\d)/, ''),
    i: i.replace(/^0+(?=\d)/, ''),
    fp: fp.replace(/^0+(?=\d)/, ''),
    n: Number(n),
  };
}

function isRealDateTime(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  if (year < 2000 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day;
}

/** The canonical QR string of a receipt (what the tax service and the QR on paper carry). */
export function formatFiscalQr(qr: FiscalQr): string {
  const [date, time] = qr.localDateTime.split('T') as [string, string];
  const [hh, mm, ss] = time.split(':');
  const t = `${date.replaceAll('-', '')}T${hh}${mm}${ss && ss !== '00' ? ss : ''}`;
  const s = `${Math.floor(qr.totalKopecks / 100)}.${String(qr.totalKopecks % 100).padStart(2, '0')}`;
  return `t=${t}&s=${s}&fn=${qr.fn}&i=${qr.i}&fp=${qr.fp}&n=${qr.n}`;
}

/** `fn`+`i`+`fp` identify a receipt. */
export function receiptKey(qr: Pick<FiscalQr, 'fn' | 'i' | 'fp'>): string {
  return `${qr.fn}:${qr.i}:${qr.fp}`;
}
