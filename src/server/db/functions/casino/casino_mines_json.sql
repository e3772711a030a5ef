-- The open mines game as Node needs it to compute a move.
CREATE OR REPLACE FUNCTION casino_mines_json(b casino_bets, s fair_seeds)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT jsonb_build_object('id', b.id::text, 'amount', b.amount::text, 'mines', b.mines, 'revealed', b.revealed,
    'multiplier', b.multiplier::text, 'nonce', b.nonce, 'createdAt', (extract(epoch FROM b.created_at) * 1000)::bigint::text,
    'serverSeed', s.server_seed, 'serverSeedHash', s.server_seed_hash, 'clientSeed', s.client_seed)
$function$;
