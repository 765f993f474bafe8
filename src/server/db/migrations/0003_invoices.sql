-- Card top-up invoices. The invoice id is Robokassa's InvId.

CREATE TABLE invoices (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id),
  amount_kopecks bigint NOT NULL CHECK (amount_kopecks > 0),
  -- pending → paid (the provider's notice arrived and the balance was credited),
  -- cancelled (the buyer went back through FailURL; a late notice still credits),
  -- error (a signed notice disagreed with the invoice).
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled', 'error')),
  recurring      boolean NOT NULL DEFAULT false,
  is_test        boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  paid_at        timestamptz
);
CREATE INDEX invoices_user ON invoices (user_id, id DESC);
