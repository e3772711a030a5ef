-- The active seed pair as Node needs it to compute an outcome.
CREATE OR REPLACE FUNCTION casino_seed_json(s fair_seeds)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT jsonb_build_object('id', s.id::text, 'serverSeed', s.server_seed,
    'serverSeedHash', s.server_seed_hash, 'clientSeed', s.client_seed, 'nonce', s.nonce)
$function$;
