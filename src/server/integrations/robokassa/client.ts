import {
  formatOutSum,
  noticeSignature,
  parseOutSum,
  paymentLinkSignature,
  pickShp,
  signaturesMatch,
  type RobokassaHash,
} from './signature.js';

export interface RobokassaSettings {
  merchantLogin: string;
  password1: string;
  password2: string;
  algorithm: RobokassaHash;
  /** Checkout page: Robokassa's in production, the emulator's in demo mode. */
  paymentUrl: string;
  /** Test payments (Robokassa's test mode: no money moves). */
  isTest: boolean;
  /** 54-FZ receipt: VAT of the service ("none" for a simplified-tax seller) and, optionally, the tax system. */
  receiptTax: string;
  receiptTaxSystem?: string;
}

export interface PaymentLinkInput {
  invoiceId: number;
  amountKopecks: number;
  description: string;
  /** Name of the single receipt line (54-FZ "Receipt" parameter). */
  receiptItemName: string;
  recurring: boolean;
  isTest: boolean;
  userId: number;
}

/** The 54-FZ receipt Robokassa sends to the fiscal service: one line for the service. */
export function receiptFor(settings: RobokassaSettings, input: PaymentLinkInput) {
  return {
    ...(settings.receiptTaxSystem ? { sno: settings.receiptTaxSystem } : {}),
    items: [
      {
        name: input.receiptItemName.slice(0, 128),
        quantity: 1,
        sum: Number(formatOutSum(input.amountKopecks)),
        payment_method: 'full_prepayment',
        payment_object: 'service',
        tax: settings.receiptTax,
      },
    ],
  };
}

/** The link the seller's browser opens to pay an invoice. */
export function buildPaymentLink(settings: RobokassaSettings, input: PaymentLinkInput): string {
  const outSum = formatOutSum(input.amountKopecks);
  const receipt = encodeURIComponent(JSON.stringify(receiptFor(settings, input)));
  const shp = { Shp_user: String(input.userId) };
  const params = new URLSearchParams({
    MerchantLogin: settings.merchantLogin,
    OutSum: outSum,
    InvId: String(input.invoiceId),
    Description: input.description.slice(0, 100),
    Receipt: receipt,
    SignatureValue: paymentLinkSignature({
      algorithm: settings.algorithm,
      merchantLogin: settings.merchantLogin,
      outSum,
      invId: input.invoiceId,
      receipt,
      password1: settings.password1,
      shp,
    }),
    Culture: 'ru',
    Encoding: 'utf-8',
    ...shp,
  });
  if (input.isTest) params.set('IsTest', '1');
  if (input.recurring) params.set('Recurring', 'true');
  return `${settings.paymentUrl}?${params.toString()}`;
}

export type VerifiedNotice = { ok: true; invoiceId: number; amountKopecks: number } | { ok: false; reason: string };

function verify(params: Record<string, unknown>, password: string, algorithm: RobokassaHash): VerifiedNotice {
  const outSum = params.OutSum;
  const invId = params.InvId;
  const amountKopecks = parseOutSum(outSum);
  if (amountKopecks === undefined || typeof outSum !== 'string') return { ok: false, reason: 'bad OutSum' };
  if (typeof invId !== 'string' || !/^\d{1,10}$/.test(invId)) return { ok: false, reason: 'bad InvId' };
  const expected = noticeSignature({ algorithm, outSum, invId, password, shp: pickShp(params) });
  if (!signaturesMatch(expected, params.SignatureValue)) return { ok: false, reason: 'bad signature' };
  return { ok: true, invoiceId: Number(invId), amountKopecks };
}

/** ResultURL: Robokassa's server-to-server notice, signed with Password2. */
export function verifyResultNotice(settings: RobokassaSettings, params: Record<string, unknown>): VerifiedNotice {
  return verify(params, settings.password2, settings.algorithm);
}

/** SuccessURL: the browser's return after paying, signed with Password1. */
export function verifySuccessReturn(settings: RobokassaSettings, params: Record<string, unknown>): VerifiedNotice {
  return verify(params, settings.password1, settings.algorithm);
}

/** The answer Robokassa expects from ResultURL; anything else makes it retry. */
export function resultAcknowledgement(invoiceId: number): string {
  return `OK${invoiceId}`;
}
