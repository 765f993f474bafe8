-- Paying by invoice (счёт на оплату): legal entities and ИП pay by bank transfer. Named
-- "bank invoices": the table `invoices` holds the card top-ups' Robokassa InvIds.

-- The payer's details, entered once by the seller, printed in the buyer's block.
CREATE TABLE seller_requisites (
  user_id     integer PRIMARY KEY REFERENCES users (id),
  name        text NOT NULL,
  inn         text NOT NULL CHECK (inn ~ '^([0-9]{10}|[0-9]{12})$'),
  kpp         text CHECK (kpp ~ '^[0-9]{4}[0-9A-Z]{2}[0-9]{3}$'),
  address     text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One numbering for the whole service (the operator issues every invoice): СЧ-000001, …
-- A rolled-back issue leaves a gap, never a duplicate.
CREATE SEQUENCE bank_invoice_numbers;

CREATE TABLE bank_invoices (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number          text NOT NULL UNIQUE,
  user_id         integer NOT NULL REFERENCES users (id),
  amount_kopecks  bigint NOT NULL CHECK (amount_kopecks > 0),
  -- What the PDF prints, as it was when the invoice was issued: a document does not change
  -- when the seller edits the requisites or the operator the details later.
  buyer           jsonb NOT NULL,
  supplier        jsonb NOT NULL,
  vat_rate        smallint,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  paid_at         timestamptz,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX bank_invoices_user ON bank_invoices (user_id, id DESC);
