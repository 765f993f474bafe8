-- «Окупаемость» (docs/decisions.md, "Payoff analytics") reads a seller's accepted receipts by the
-- moment of purchase, and the marketplaces' rows by day and by product name. These indexes let each
-- figure read only its seller's period.

-- Accepted receipts by purchase moment (the receipt's date, or the scan's without one), with the
-- issuer's INN that tells the marketplace: the capture rate's numerator per period.
CREATE INDEX receipts_success_by_purchase ON receipts (user_id, (coalesce(issued_at, scanned_at))) INCLUDE (seller_inn, project_id)
  WHERE status = 'success';

-- The period's units per day and per product, read from the index alone.
CREATE INDEX marketplace_sales_payoff ON marketplace_sales (user_id, moscow_day) INCLUDE (marketplace, kind, name_key, units);
-- Whether a receipt item's name was ever sold on the marketplace (the per-product match).
CREATE INDEX marketplace_sales_by_name ON marketplace_sales (user_id, marketplace, name_key);

-- What the account paid ScanApp in a period (receipt checks, subscriptions).
CREATE INDEX balance_ledger_user_created ON balance_ledger (user_id, created_at) INCLUDE (kind, amount_kopecks);
