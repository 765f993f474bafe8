import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { SELLER_NOTICES_JOB } from '../seller-notices/outbox.js';
import { watchBalances } from './balance-watch.js';
import { balanceWatchJob } from './balance-watch-job.js';
import { DEMO_BANK_PREFIX, demoBankRoutes } from './demo-bank-routes.js';
import { billingInvariants } from './invariants.js';
import { bankInvoiceRoutes } from './invoice-routes.js';
import { billingRoutes } from './routes.js';

const balanceWatchDeps = (context: ModuleContext) => ({ ...context, onNoticesQueued: context.wake(SELLER_NOTICES_JOB) });

/** The operator's «suspended» and «running low» notices, now (the operator CLI) rather than at the next watch. */
export const watchBalancesNow = (context: ModuleContext) => () => watchBalances(balanceWatchDeps(context));

/** The seller's balance: settings, ledger, activation, tiers, the statement, bank invoices, the balance watch. */
export const billingModule: ModuleManifest = {
  name: 'billing',
  routes: (context) => [
    billingRoutes(context),
    bankInvoiceRoutes({ ...context, mode: context.config.mode, receiptTax: context.config.robokassa.settings.receiptTax }),
  ],
  // The demo's bank, where a bank invoice is paid (production's invoices are paid at the seller's real bank).
  rootRoutes: (context) => (context.config.mode === 'demo' ? [{ plugin: demoBankRoutes(context), prefix: DEMO_BANK_PREFIX }] : []),
  jobs: (context) => [balanceWatchJob(balanceWatchDeps(context), context.log)],
  invariants: billingInvariants,
};
