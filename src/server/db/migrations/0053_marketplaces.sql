-- The seller's marketplace accounts (docs/decisions.md, "Marketplace sales"): a Wildberries
-- statistics token or an Ozon Client-Id + Api-Key, sealed like bot tokens (only the last four
-- characters are kept in the clear, to name the key in the cabinet). The import's state lives
-- on the row so an import interrupted by a crash or a restart resumes from its cursor.
CREATE TABLE marketplace_connections (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id           integer NOT NULL REFERENCES users (id),
  kind              text NOT NULL CHECK (kind IN ('wildberries', 'ozon')),
  -- Wildberries: the token; Ozon: the Api-Key. Sealed.
  secret            text NOT NULL,
  -- Ozon's Client-Id (not a secret by itself, but kept sealed with its key all the same).
  client_id         text,
  secret_hint       text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  import_status     text NOT NULL DEFAULT 'idle' CHECK (import_status IN ('idle', 'queued', 'running', 'waiting', 'failed')),
  -- Where the next call starts (per source: Wildberries' lastChangeDate, Ozon's since/offset).
  import_cursor     jsonb NOT NULL DEFAULT '{}',
  -- Every row changed up to this moment is stored.
  imported_until    timestamptz,
  import_error      text,
  -- A rate limit's wait: the import goes on no earlier than this.
  import_not_before timestamptz,
  last_import_at    timestamptz,
  CHECK ((kind = 'ozon') = (client_id IS NOT NULL))
);
CREATE UNIQUE INDEX marketplace_connections_one_per_kind ON marketplace_connections (user_id, kind);

-- Units sold and returned, one row per marketplace row (Wildberries: saleID, `S…` a sale and
-- `R…` a return; Ozon: posting number and product SKU), so a second import of the same row
-- stores nothing new. `name_key` is the product's name as receipt items are matched
-- (contract/item-name.ts), for the capture rate per product.
CREATE TABLE marketplace_sales (
  connection_id  bigint NOT NULL REFERENCES marketplace_connections (id) ON DELETE CASCADE,
  user_id        integer NOT NULL REFERENCES users (id),
  marketplace    text NOT NULL CHECK (marketplace IN ('wildberries', 'ozon')),
  external_id    text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('sale', 'return')),
  happened_at    timestamptz NOT NULL,
  moscow_day     date NOT NULL,
  product_name   text NOT NULL,
  name_key       text NOT NULL,
  article        text,
  units          integer NOT NULL CHECK (units > 0),
  amount_kopecks bigint NOT NULL,
  changed_at     timestamptz NOT NULL,
  PRIMARY KEY (connection_id, external_id)
);
CREATE INDEX marketplace_sales_by_day ON marketplace_sales (user_id, moscow_day, marketplace);
