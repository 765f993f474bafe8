import { accountFormsMessages, accountMessages, mailMessages } from './messages/account.js';
import { actionPageMessages, actionScreensMessages, actionsMessages } from './messages/actions.js';
import { analyticsMessages, exportsMessages } from './messages/analytics.js';
import { apiKeysMessages, publicApiMessages } from './messages/api-keys.js';
import { authFormsMessages, authMessages } from './messages/auth.js';
import { bankInvoicesMessages, billingMessages, paymentsMessages, topUpDialogMessages } from './messages/billing.js';
import { botFeaturesMessages, botFeaturesPageMessages, botMessages, telegramMessages } from './messages/bot.js';
import { appMessages, cabinetPolishMessages, dashboardMessages, guidedStartMessages, imagePickerMessages } from './messages/cabinet.js';
import { clockMessages, commonMessages, systemMessages, validationMessages } from './messages/common.js';
import { drawsMessages } from './messages/draws.js';
import { birthdayMessages, dailyBonusMessages, engagementMessages } from './messages/engagement.js';
import { helpMessages, helpPageMessages } from './messages/help.js';
import { buyerPhoneMessages } from './messages/buyer-phone.js';
import {
  mailingConsentMessages,
  mailingMessages,
  mailingScheduleMessages,
  mailingScheduleScreenMessages,
  mailingScreenMessages,
} from './messages/mailing.js';
import { marketplacesMessages } from './messages/marketplaces.js';
import { moderationMessages } from './messages/moderation.js';
import { operatorMessages } from './messages/operator.js';
import { payoffMessages } from './messages/payoff.js';
import { buyerCardMessages, pointsMessages } from './messages/points.js';
import { promoCodesMessages } from './messages/promo-codes.js';
import { receiptCancelMessages } from './messages/receipt-cancel.js';
import { receiptScreensMessages, receiptsMessages } from './messages/receipts.js';
import { referralMessages } from './messages/referral.js';
import { segmentsMessages } from './messages/segments.js';
import { sellerNoticesMessages } from './messages/seller-notices.js';
import { serviceDeskMessages } from './messages/service-desk.js';
import { publicShopMessages, shopMessages, shopScreenMessages } from './messages/shop.js';
import { supportMessages } from './messages/support.js';
import { surveysMessages } from './messages/surveys.js';
import { auditActionsMessages, auditMessages, teamMailMessages, teamMessages, teamScreenMessages } from './messages/team.js';
import { trustMessages } from './messages/trust.js';
import { webhooksMessages } from './messages/webhooks.js';

/**
 * Every Russian text the server and the web app show, in one object of sections (a screen, a call's
 * answers or a bot function each). The sections live by domain in `messages/<domain>.ts` as
 * `<section>Messages`; this index joins them, so every caller imports `messages` from here.
 * Quoted SPEC texts (§2, §5, §8) appear exactly once; the buyers' shop texts are defined in
 * public-shop.ts (the Mini App's budget forbids loading this catalogue) and only referenced here.
 * A new section is listed here too: messages.test.ts fails for a section the index leaves out.
 */
export const messages = {
  common: commonMessages,
  system: systemMessages,
  validation: validationMessages,
  auth: authMessages,
  account: accountMessages,
  accountForms: accountFormsMessages,
  mail: mailMessages,
  sellerNotices: sellerNoticesMessages,
  webhooks: webhooksMessages,
  telegram: telegramMessages,
  clock: clockMessages,
  app: appMessages,
  authForms: authFormsMessages,
  dashboard: dashboardMessages,
  topUpDialog: topUpDialogMessages,
  actionPage: actionPageMessages,
  bot: botMessages,
  promoCodes: promoCodesMessages,
  points: pointsMessages,
  buyerCard: buyerCardMessages,
  botFeatures: botFeaturesMessages,
  draws: drawsMessages,
  referral: referralMessages,
  botFeaturesPage: botFeaturesPageMessages,
  birthday: birthdayMessages,
  dailyBonus: dailyBonusMessages,
  engagement: engagementMessages,
  moderation: moderationMessages,
  surveys: surveysMessages,
  support: supportMessages,
  segments: segmentsMessages,
  serviceDesk: serviceDeskMessages,
  mailingSchedule: mailingScheduleMessages,
  mailingScheduleScreen: mailingScheduleScreenMessages,
  guidedStart: guidedStartMessages,
  shop: shopMessages,
  publicShop: publicShopMessages,
  billing: billingMessages,
  operator: operatorMessages,
  actions: actionsMessages,
  bankInvoices: bankInvoicesMessages,
  payments: paymentsMessages,
  receipts: receiptsMessages,
  receiptScreens: receiptScreensMessages,
  actionScreens: actionScreensMessages,
  mailing: mailingMessages,
  mailingScreen: mailingScreenMessages,
  mailingConsent: mailingConsentMessages,
  buyerPhone: buyerPhoneMessages,
  shopScreen: shopScreenMessages,
  imagePicker: imagePickerMessages,
  analytics: analyticsMessages,
  exports: exportsMessages,
  payoff: payoffMessages,
  cabinetPolish: cabinetPolishMessages,
  help: helpMessages,
  helpPage: helpPageMessages,
  trust: trustMessages,
  receiptCancel: receiptCancelMessages,
  apiKeys: apiKeysMessages,
  publicApi: publicApiMessages,
  team: teamMessages,
  teamScreen: teamScreenMessages,
  teamMail: teamMailMessages,
  audit: auditMessages,
  auditActions: auditActionsMessages,
  marketplaces: marketplacesMessages,
} as const;
/** Substitutes `{name}` placeholders of a catalogue text. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
