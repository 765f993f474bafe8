-- A product's name as the top-10 groups it (bounded: it is part of analytics_products' primary key).
CREATE OR REPLACE FUNCTION analytics_product_name(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT left(btrim(name), 300) $$;
