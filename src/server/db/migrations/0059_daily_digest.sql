-- The daily digest (docs/decisions.md, "Seller notices: the daily digest") reads one Moscow day of
-- every seller's aggregates at once; analytics_daily_seller_day leads with the seller, so without
-- this a day's rows would be found by reading the whole table.
CREATE INDEX analytics_daily_day ON analytics_daily (day);
