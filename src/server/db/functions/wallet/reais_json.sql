-- Centavos as the wire writes reais (JavaScript's number text: 12.5, 12.05, 0).
CREATE OR REPLACE FUNCTION reais_json(c bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN c < 0 THEN '-' ELSE '' END || (abs(c) / 100)::text ||
    CASE WHEN abs(c) % 100 = 0 THEN '' WHEN abs(c) % 10 = 0 THEN '.' || ((abs(c) % 100) / 10)::text
    ELSE '.' || lpad((abs(c) % 100)::text, 2, '0') END
$function$;
