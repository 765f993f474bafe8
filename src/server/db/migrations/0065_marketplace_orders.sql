-- The marketplaces' orders (docs/decisions.md, "Marketplace sales"): Wildberries' orders report, a
-- row per unit ordered keyed by its `srid`, so «Окупаемость» can set the units ordered beside the
-- units sold and keep cancelled orders apart. An order is not a sale (Wildberries reports the sale
-- when the buyer takes the unit), so orders live beside `marketplace_sales`, not in it. A
-- cancellation arrives as the same order changed later: the row is updated, never stored twice.
CREATE TABLE marketplace_orders (
  connection_id  bigint NOT NULL REFERENCES marketplace_connections (id) ON DELETE CASCADE,
  user_id        integer NOT NULL REFERENCES users (id),
  marketplace    text NOT NULL CHECK (marketplace IN ('wildberries', 'ozon')),
  external_id    text NOT NULL,
  ordered_at     timestamptz NOT NULL,
  moscow_day     date NOT NULL,
  product_name   text NOT NULL,
  name_key       text NOT NULL,
  article        text,
  units          integer NOT NULL CHECK (units > 0),
  amount_kopecks bigint NOT NULL,
  -- Null while the order stands.
  cancelled_at   timestamptz,
  changed_at     timestamptz NOT NULL,
  PRIMARY KEY (connection_id, external_id)
);
-- The period's units ordered and cancelled per day, read from the index alone.
CREATE INDEX marketplace_orders_payoff ON marketplace_orders (user_id, moscow_day) INCLUDE (marketplace, units, cancelled_at);
