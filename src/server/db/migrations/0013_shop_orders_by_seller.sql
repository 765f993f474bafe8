-- Analytics reads the points a seller's buyers spent in the shop over all of the seller's
-- actions by day; orders were indexed by action only.
CREATE INDEX shop_orders_by_seller ON shop_orders (user_id, created_at);
