-- The baseline: the schema (types, tables, constraints, indexes) and the rows a new database starts with,
-- as the 30 migrations of the first series (001_init ... 030_money_out) left them. Those files are kept
-- in tests/server/fixtures/legacy-migrations, where the upgrade test builds a database with them and
-- carries it over. Functions and triggers are not here: each lives in its own file under
-- src/server/db/functions (see migrate.ts). Never edit this file: a change is a new numbered migration.

-- The casino originals' moves, each run by casino_play (src/server/db/functions/casino): the move's own checks and writes.
-- Node has computed the outcome from the seed pair (or game) it expects; each function verifies
-- that expectation under the row's lock and answers 'STALE' with the row as it is when it moved
-- (another process, a rotation, a refused bet that took no nonce), so Node recomputes and tries
-- again. A refusal is a code; a move refuses before it writes anything.
CREATE TYPE casino_move AS (code text, bet_id bigint, stale jsonb, balance bigint, version bigint, is_test boolean, day_total bigint);

-- One move of one player, start to reply: the Idempotency-Key's stored reply on a replay (or
-- 'REUSED' when the key came with other data), else the move; on success the reply is built from
-- Node's text around what only the database knows (bet id, balance, version), stored under the
-- key in the same transaction, and returned with what the nudges need. A refusal writes nothing:
-- Node stores its reply (in the player's language) under the key afterwards.
CREATE TYPE casino_reply AS (code text, http integer, body text, bet_id bigint, stale jsonb, balance bigint, version bigint, is_test boolean, day_total bigint, offered boolean, paid boolean);

-- A bet of the batch's common case, as the set-based statements read it: the move's fields, the
-- player's cash account, house sub-account and balance before the bet, and the ids it will take
-- (taken while the player's rows are locked, so a player's ids grow in commit order).
CREATE TYPE casino_set_bet AS (n integer, u bigint, k text, h text, at timestamp with time zone, day date, g text, stake bigint, payout bigint, target integer, cond text, outcome integer, mult bigint, counted bigint, seed bigint, nonce integer, low bigint, parts jsonb, cash_id bigint, house bigint, is_test boolean, balance bigint, bid bigint, bet_tx bigint, win_tx bigint, e1 bigint, e2 bigint, e3 bigint, e4 bigint);

CREATE TABLE captchas (
  code_id integer NOT NULL,
  ip text NOT NULL,
  answer text NOT NULL,
  expires_at timestamp with time zone NOT NULL
);
ALTER TABLE captchas ADD CONSTRAINT captchas_pkey PRIMARY KEY (code_id, ip);
CREATE INDEX captchas_expiry_idx ON captchas USING btree (expires_at);

CREATE TABLE game_sessions (
  user_id bigint NOT NULL,
  game_code text NOT NULL,
  product_code text NOT NULL,
  started_at timestamp with time zone NOT NULL
);
ALTER TABLE game_sessions ADD CONSTRAINT game_sessions_pkey PRIMARY KEY (user_id);

-- The ledger: every movement is one transaction whose entries sum to zero.
CREATE TABLE ledger_accounts (
  id bigserial,
  user_id bigint,
  kind text NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  is_system boolean NOT NULL DEFAULT false,
  shard smallint NOT NULL DEFAULT 0
);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_pkey PRIMARY KEY (id);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_owner CHECK ((is_system = (user_id IS NULL)));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_user_nonnegative CHECK ((is_system OR (balance >= 0)));
CREATE UNIQUE INDEX ledger_accounts_system_kind ON ledger_accounts USING btree (kind, shard) WHERE (user_id IS NULL);
CREATE UNIQUE INDEX ledger_accounts_user_kind ON ledger_accounts USING btree (user_id, kind) WHERE (user_id IS NOT NULL);

CREATE TABLE ledger_entries (
  id bigserial,
  tx_id bigint NOT NULL,
  account_id bigint NOT NULL,
  amount bigint NOT NULL
);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (id);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_amount_check CHECK ((amount <> 0));
CREATE INDEX ledger_entries_account_last_idx ON ledger_entries USING btree (account_id, id);
CREATE INDEX ledger_entries_tx_idx ON ledger_entries USING btree (tx_id);

CREATE TABLE ledger_transactions (
  id bigserial,
  kind text NOT NULL,
  ref text,
  user_id bigint,
  created_at timestamp with time zone NOT NULL,
  meta jsonb
);
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_pkey PRIMARY KEY (id);
CREATE INDEX ledger_transactions_kind_idx ON ledger_transactions USING btree (user_id, kind, created_at);

CREATE TABLE password_resets (
  email text NOT NULL,
  user_id bigint,
  code_hash text NOT NULL,
  sent_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  chk_hash text,
  chk_expires_at timestamp with time zone
);
ALTER TABLE password_resets ADD CONSTRAINT password_resets_pkey PRIMARY KEY (email);

CREATE TABLE sessions (
  id bigserial,
  token_hash text NOT NULL,
  user_id bigint NOT NULL,
  device_id text NOT NULL DEFAULT ''::text,
  ip text NOT NULL DEFAULT ''::text,
  created_at timestamp with time zone NOT NULL,
  last_seen_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  revoked_at timestamp with time zone,
  device_label text NOT NULL DEFAULT ''::text
);
ALTER TABLE sessions ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
ALTER TABLE sessions ADD CONSTRAINT sessions_token_hash_key UNIQUE (token_hash);
CREATE INDEX sessions_user_idx ON sessions USING btree (user_id);
CREATE INDEX sessions_user_open_idx ON sessions USING btree (user_id, last_seen_at DESC) WHERE (revoked_at IS NULL);

-- Accounts, sessions, captchas, password resets, in-play games and the ledger.
CREATE TABLE users (
  id bigserial,
  email text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT ''::text,
  card_no text NOT NULL DEFAULT ''::text,
  country text NOT NULL DEFAULT ''::text,
  phone text NOT NULL DEFAULT ''::text,
  header smallint NOT NULL DEFAULT 0,
  level smallint NOT NULL DEFAULT 0,
  yqm text NOT NULL,
  inviter_id bigint,
  is_test boolean NOT NULL DEFAULT false,
  test_password text,
  isapp smallint NOT NULL DEFAULT 0,
  kyc smallint NOT NULL DEFAULT 0,
  lx text NOT NULL DEFAULT ''::text,
  created_at timestamp with time zone NOT NULL,
  test_owner_id bigint,
  uid bigint NOT NULL DEFAULT (10000000 + (((('x'::text || substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 12)))::bit(48))::bigint % '9990000000'::bigint)),
  password_changed_at timestamp with time zone,
  disabled_at timestamp with time zone
);
ALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE (email);
ALTER TABLE users ADD CONSTRAINT users_header_check CHECK (((header >= 0) AND (header <= 35)));
ALTER TABLE users ADD CONSTRAINT users_uid_key UNIQUE (uid);
ALTER TABLE users ADD CONSTRAINT users_uid_range CHECK (((uid >= 10000000) AND (uid <= '9999999999'::bigint)));
ALTER TABLE users ADD CONSTRAINT users_yqm_key UNIQUE (yqm);
CREATE INDEX users_inviter_idx ON users USING btree (inviter_id);
CREATE UNIQUE INDEX users_one_test_account ON users USING btree (test_owner_id) WHERE (test_owner_id IS NOT NULL);

-- The bonus still to be wagered: `required` grows by gift x multiple with each gift, `wagered`
-- by every stake; when wagered reaches required the bonus balance turns into cash.
CREATE TABLE bonus_wagering (
  user_id bigint NOT NULL,
  required bigint NOT NULL DEFAULT 0,
  wagered bigint NOT NULL DEFAULT 0,
  granted_at timestamp with time zone
);
ALTER TABLE bonus_wagering ADD CONSTRAINT bonus_wagering_pkey PRIMARY KEY (user_id);
ALTER TABLE bonus_wagering ADD CONSTRAINT bonus_wagering_required_check CHECK ((required >= 0));
ALTER TABLE bonus_wagering ADD CONSTRAINT bonus_wagering_wagered_check CHECK ((wagered >= 0));

-- One row per (user, Idempotency-Key): claimed in the same transaction as the call's work, and
-- holding the reply once the work is done, so a replay answers the first reply and moves nothing.
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  http_status smallint,
  response text,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, key);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys USING btree (created_at);

-- One CPF belongs to one verified account.
CREATE TABLE kyc_tax_ids (
  card_no text NOT NULL,
  user_id bigint NOT NULL,
  verified_at timestamp with time zone NOT NULL
);
ALTER TABLE kyc_tax_ids ADD CONSTRAINT kyc_tax_ids_pkey PRIMARY KEY (card_no);
ALTER TABLE kyc_tax_ids ADD CONSTRAINT kyc_tax_ids_user_id_key UNIQUE (user_id);

-- A game that has taken a stake and not settled it writes a row here (ref: its round or bet id)
-- and deletes it when it settles; while a user has any row, withdrawals are refused (the spec's
-- 'Sua fatura do jogo está sendo gerada' lock).
CREATE TABLE open_game_locks (
  user_id bigint NOT NULL,
  ref text NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE open_game_locks ADD CONSTRAINT open_game_locks_pkey PRIMARY KEY (user_id, ref);

-- Deposits (type 10) and withdrawals (type 11), with the spec's status codes.
CREATE TABLE orders (
  id bigserial,
  user_id bigint NOT NULL,
  type smallint NOT NULL,
  status text NOT NULL DEFAULT '00'::text,
  amount bigint NOT NULL,
  pkg_id integer,
  gift bigint NOT NULL DEFAULT 0,
  gift_wager_x integer NOT NULL DEFAULT 0,
  isapp smallint NOT NULL DEFAULT 0,
  provider text,
  pay_no text,
  expires_at timestamp with time zone,
  pay_card_bank text,
  pay_card_no text,
  ifsc text,
  holder_name text,
  whatsapp text,
  created_at timestamp with time zone NOT NULL,
  closed_at timestamp with time zone,
  close_reason text,
  pay_url text,
  offer_id bigint,
  turnover_x integer NOT NULL DEFAULT 1,
  pay_code text,
  paid_amount bigint,
  e2e_id text,
  approval text
);
ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (id);
ALTER TABLE orders ADD CONSTRAINT orders_amount_check CHECK ((amount > 0));
ALTER TABLE orders ADD CONSTRAINT orders_approval_check CHECK ((approval = ANY (ARRAY['waiting'::text, 'approved'::text])));
ALTER TABLE orders ADD CONSTRAINT orders_gift_check CHECK ((gift >= 0));
ALTER TABLE orders ADD CONSTRAINT orders_pay_no_key UNIQUE (pay_no);
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK ((status = ANY (ARRAY['00'::text, '01'::text, '10'::text])));
ALTER TABLE orders ADD CONSTRAINT orders_turnover_x_check CHECK ((turnover_x >= 0));
ALTER TABLE orders ADD CONSTRAINT orders_type_check CHECK ((type = ANY (ARRAY[10, 11])));
CREATE UNIQUE INDEX orders_one_open_deposit ON orders USING btree (user_id) WHERE ((type = 10) AND (status = '00'::text));
CREATE INDEX orders_pending_idx ON orders USING btree (type, created_at) WHERE (status = '00'::text);
CREATE INDEX orders_user_idx ON orders USING btree (user_id, created_at);

-- Every webhook event a provider sent, once: a replay is recognised and changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  pay_no text NOT NULL,
  type text NOT NULL,
  outcome text NOT NULL,
  received_at timestamp with time zone NOT NULL
);
ALTER TABLE payment_events ADD CONSTRAINT payment_events_pkey PRIMARY KEY (provider, event_id);

-- Deposit packages (the spec's price packages). Amounts in centavos; gift_wager_x is how many
-- times the gift must be wagered before the bonus turns into cash.
CREATE TABLE price_packages (
  id serial,
  curreny text NOT NULL,
  price bigint NOT NULL,
  gift bigint NOT NULL DEFAULT 0,
  gift_wager_x integer NOT NULL DEFAULT 15,
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  turnover_x integer
);
ALTER TABLE price_packages ADD CONSTRAINT price_packages_pkey PRIMARY KEY (id);
ALTER TABLE price_packages ADD CONSTRAINT price_packages_curreny_check CHECK ((curreny = ANY (ARRAY['BRL'::text, 'EXTPAY'::text, 'BTBRL'::text, 'FCBRL'::text, 'INSBRL'::text, 'EXPPAY'::text, ''::text])));
ALTER TABLE price_packages ADD CONSTRAINT price_packages_gift_check CHECK ((gift >= 0));
ALTER TABLE price_packages ADD CONSTRAINT price_packages_gift_wager_x_check CHECK ((gift_wager_x >= 0));
ALTER TABLE price_packages ADD CONSTRAINT price_packages_price_check CHECK ((price > 0));
ALTER TABLE price_packages ADD CONSTRAINT price_packages_turnover_x_check CHECK ((turnover_x >= 0));

CREATE TABLE transfers (
  id bigserial,
  from_user bigint NOT NULL,
  to_user bigint NOT NULL,
  amount bigint NOT NULL,
  tx_id bigint NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE transfers ADD CONSTRAINT transfers_pkey PRIMARY KEY (id);
ALTER TABLE transfers ADD CONSTRAINT transfers_amount_check CHECK ((amount > 0));
ALTER TABLE transfers ADD CONSTRAINT transfers_check CHECK ((from_user <> to_user));
CREATE INDEX transfers_from_idx ON transfers USING btree (from_user, created_at);
CREATE INDEX transfers_to_idx ON transfers USING btree (to_user, created_at);

-- The account a user last withdrew to, per withdrawal type (getWithdraw's cardInfo).
CREATE TABLE withdraw_cards (
  user_id bigint NOT NULL,
  type text NOT NULL,
  pay_card_no text NOT NULL,
  ifsc text NOT NULL DEFAULT ''::text,
  holder_name text NOT NULL DEFAULT ''::text,
  whatsapp text NOT NULL DEFAULT ''::text,
  updated_at timestamp with time zone NOT NULL
);
ALTER TABLE withdraw_cards ADD CONSTRAINT withdraw_cards_pkey PRIMARY KEY (user_id, type);

CREATE TABLE casino_bets (
  id bigserial,
  user_id bigint NOT NULL,
  game text NOT NULL,
  seed_id bigint NOT NULL,
  nonce integer NOT NULL,
  amount bigint NOT NULL,
  target integer,
  condition text,
  mines smallint,
  outcome integer,
  revealed jsonb NOT NULL DEFAULT '[]'::jsonb,
  state text NOT NULL,
  multiplier bigint NOT NULL DEFAULT 0,
  payout bigint NOT NULL DEFAULT 0,
  from_cash bigint NOT NULL DEFAULT 0,
  from_bonus bigint NOT NULL DEFAULT 0,
  created_at timestamp with time zone NOT NULL,
  settled_at timestamp with time zone
);
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_pkey PRIMARY KEY (id);
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_amount_check CHECK ((amount > 0));
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_game_check CHECK ((game = ANY (ARRAY['dice'::text, 'limbo'::text, 'mines'::text])));
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_seed_id_nonce_key UNIQUE (seed_id, nonce);
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_state_check CHECK ((state = ANY (ARRAY['active'::text, 'won'::text, 'lost'::text])));
CREATE UNIQUE INDEX casino_bets_active_mines_idx ON casino_bets USING btree (user_id) WHERE ((game = 'mines'::text) AND (state = 'active'::text));
CREATE INDEX casino_bets_user_idx ON casino_bets USING btree (user_id, id DESC);

-- Provably-fair seed pairs and the casino originals' bets (dice, limbo, mines).
CREATE TABLE fair_seeds (
  id bigserial,
  user_id bigint NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamp with time zone NOT NULL,
  revealed_at timestamp with time zone
);
ALTER TABLE fair_seeds ADD CONSTRAINT fair_seeds_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX fair_seeds_active_idx ON fair_seeds USING btree (user_id) WHERE active;

-- Bonus-boost offers (the spec's userBetAmount event): at most one a player a São Paulo day.
CREATE TABLE boost_offers (
  user_id bigint NOT NULL,
  day date NOT NULL,
  bouns numeric(10,4) NOT NULL,
  amount bigint NOT NULL,
  sent_at timestamp with time zone NOT NULL
);
ALTER TABLE boost_offers ADD CONSTRAINT boost_offers_pkey PRIMARY KEY (user_id, day);
ALTER TABLE boost_offers ADD CONSTRAINT boost_offers_amount_check CHECK ((amount > 0));

-- Deposited cash still to be staked before it may leave (centavos; every stake lowers it).
CREATE TABLE cash_turnover (
  user_id bigint NOT NULL,
  outstanding bigint NOT NULL DEFAULT 0
);
ALTER TABLE cash_turnover ADD CONSTRAINT cash_turnover_pkey PRIMARY KEY (user_id);
ALTER TABLE cash_turnover ADD CONSTRAINT cash_turnover_outstanding_check CHECK ((outstanding >= 0));

-- An offer the server made to one player: the low-balance compensation (INSBRL) or the bonus boost
-- (EXPPAY). prePay takes it for one order; the payment that credits the gift marks it used, so
-- one offer pays one gift even when a cancelled order of it is paid late.
CREATE TABLE promo_offers (
  id bigserial,
  user_id bigint NOT NULL,
  curreny text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  used_order_id bigint
);
ALTER TABLE promo_offers ADD CONSTRAINT promo_offers_pkey PRIMARY KEY (id);
ALTER TABLE promo_offers ADD CONSTRAINT promo_offers_curreny_check CHECK ((curreny = ANY (ARRAY['INSBRL'::text, 'EXPPAY'::text])));
CREATE INDEX promo_offers_user_idx ON promo_offers USING btree (user_id, curreny, expires_at);

-- Today's stakes as a running figure (the bonus boost's threshold), instead of summing the day's
-- bets on every bet. Days are São Paulo days, given by the caller.
CREATE TABLE daily_stakes (
  user_id bigint NOT NULL,
  day date NOT NULL,
  total bigint NOT NULL
);
ALTER TABLE daily_stakes ADD CONSTRAINT daily_stakes_pkey PRIMARY KEY (user_id, day);
ALTER TABLE daily_stakes ADD CONSTRAINT daily_stakes_total_check CHECK ((total >= 0));

CREATE TABLE round_chain_checkpoints (
  chain_id bigint NOT NULL,
  idx integer NOT NULL,
  hash text NOT NULL
);
ALTER TABLE round_chain_checkpoints ADD CONSTRAINT round_chain_checkpoints_pkey PRIMARY KEY (chain_id, idx);
ALTER TABLE round_chain_checkpoints ADD CONSTRAINT round_chain_checkpoints_hash_check CHECK ((hash ~ '^[0-9a-f]{64}$'::text));

-- Shared rounds (issue 12): each game's hash chain. The chain itself (a million links) is not
-- stored: its links are recomputed from checkpoints, one every `checkpoint_every` links
-- (link[0], the random seed, is the first). The salt and the terminating hash (the last link)
-- are published before the chain's first round and never change.
CREATE TABLE round_chains (
  id bigserial,
  game text NOT NULL,
  salt text,
  terminating_hash text NOT NULL,
  length integer NOT NULL,
  checkpoint_every integer NOT NULL,
  created_at timestamp with time zone NOT NULL,
  used_up_at timestamp with time zone,
  salt_method text NOT NULL DEFAULT 'server'::text,
  salt_seeds integer,
  salt_deadline timestamp with time zone,
  salt_source text,
  salt_inputs jsonb,
  salt_fixed_at timestamp with time zone
);
ALTER TABLE round_chains ADD CONSTRAINT round_chains_pkey PRIMARY KEY (id);
ALTER TABLE round_chains ADD CONSTRAINT round_chains_checkpoint_every_check CHECK ((checkpoint_every >= 1));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_length_check CHECK ((length >= 2));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_check CHECK ((salt ~ '^[0-9a-f]{64}$'::text));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_fixed CHECK (((salt IS NULL) = (salt_fixed_at IS NULL)));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_method_check CHECK ((salt_method = ANY (ARRAY['server'::text, 'seeds'::text, 'public'::text])));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_seeds_check CHECK ((salt_seeds >= 1));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_terminating_hash_check CHECK ((terminating_hash ~ '^[0-9a-f]{64}$'::text));
CREATE UNIQUE INDEX round_chains_one_live ON round_chains USING btree (game) WHERE (used_up_at IS NULL);

CREATE TABLE round_bets (
  id bigserial,
  round_pk bigint NOT NULL,
  user_id bigint NOT NULL,
  game text NOT NULL,
  choice text NOT NULL,
  amount bigint NOT NULL,
  from_cash bigint NOT NULL,
  from_bonus bigint NOT NULL,
  state text NOT NULL,
  multiplier bigint NOT NULL DEFAULT 0,
  payout bigint NOT NULL DEFAULT 0,
  created_at timestamp with time zone NOT NULL,
  settled_at timestamp with time zone
);
ALTER TABLE round_bets ADD CONSTRAINT round_bets_pkey PRIMARY KEY (id);
ALTER TABLE round_bets ADD CONSTRAINT round_bets_amount_check CHECK ((amount > 0));
ALTER TABLE round_bets ADD CONSTRAINT round_bets_check CHECK (((from_cash + from_bonus) = amount));
ALTER TABLE round_bets ADD CONSTRAINT round_bets_from_bonus_check CHECK ((from_bonus >= 0));
ALTER TABLE round_bets ADD CONSTRAINT round_bets_from_cash_check CHECK ((from_cash >= 0));
ALTER TABLE round_bets ADD CONSTRAINT round_bets_state_check CHECK ((state = ANY (ARRAY['open'::text, 'won'::text, 'lost'::text, 'refunded'::text])));
CREATE INDEX round_bets_round_idx ON round_bets USING btree (round_pk, user_id);
CREATE INDEX round_bets_user_idx ON round_bets USING btree (user_id, id DESC);

-- Shared rounds (issue 12): each game's rounds and the bets on them. A round's hash is its chain's
-- link for its number (seq); it is written here once the round is settled (revealed).
CREATE TABLE rounds (
  id bigserial,
  game text NOT NULL,
  chain_id bigint NOT NULL,
  seq integer NOT NULL,
  round_id text NOT NULL,
  phase text NOT NULL,
  started_at timestamp with time zone NOT NULL,
  betting_ends_at timestamp with time zone NOT NULL,
  hash text,
  roll smallint,
  settled_at timestamp with time zone,
  exposure bigint[]
);
ALTER TABLE rounds ADD CONSTRAINT rounds_pkey PRIMARY KEY (id);
ALTER TABLE rounds ADD CONSTRAINT rounds_chain_id_seq_key UNIQUE (chain_id, seq);
ALTER TABLE rounds ADD CONSTRAINT rounds_check CHECK (((phase = 'settled'::text) = (roll IS NOT NULL)));
ALTER TABLE rounds ADD CONSTRAINT rounds_game_round_id_key UNIQUE (game, round_id);
ALTER TABLE rounds ADD CONSTRAINT rounds_hash_check CHECK ((hash ~ '^[0-9a-f]{64}$'::text));
ALTER TABLE rounds ADD CONSTRAINT rounds_phase_check CHECK ((phase = ANY (ARRAY['betting'::text, 'drawing'::text, 'settled'::text, 'void'::text])));
ALTER TABLE rounds ADD CONSTRAINT rounds_seq_check CHECK ((seq >= 1));
CREATE INDEX rounds_closed_idx ON rounds USING btree (game, id DESC) WHERE (phase = ANY (ARRAY['settled'::text, 'void'::text]));
CREATE UNIQUE INDEX rounds_one_open ON rounds USING btree (game) WHERE (phase = ANY (ARRAY['betting'::text, 'drawing'::text]));

-- Socket events across server processes on one PostgreSQL (@socket.io/postgres-adapter, issue 12):
-- events go by NOTIFY; one over NOTIFY's 8,000-byte limit is stored here for a moment instead.
-- (Unused on PGlite, which is one process.)
CREATE TABLE socket_io_attachments (
  id bigserial,
  created_at timestamp with time zone DEFAULT now(),
  payload bytea
);
ALTER TABLE socket_io_attachments ADD CONSTRAINT socket_io_attachments_id_key UNIQUE (id);

CREATE TABLE sport_bet_legs (
  bet_id bigint NOT NULL,
  leg smallint NOT NULL,
  match_id text NOT NULL,
  market_id text NOT NULL,
  selection_id text NOT NULL,
  market_type text NOT NULL,
  period smallint NOT NULL,
  line_quarters integer NOT NULL,
  selection text NOT NULL,
  odds integer NOT NULL,
  result smallint
);
ALTER TABLE sport_bet_legs ADD CONSTRAINT sport_bet_legs_pkey PRIMARY KEY (bet_id, leg);
ALTER TABLE sport_bet_legs ADD CONSTRAINT sport_bet_legs_odds_check CHECK ((odds >= 1000));
CREATE INDEX sport_bet_legs_open_idx ON sport_bet_legs USING btree (match_id) WHERE (result IS NULL);

-- Sportsbook bets (issue 13). A bet keeps everything its settlement needs: each leg's match,
-- market (type, sub-period, line in quarters), selection and the odds it was placed at; the feed
-- keeps nothing of the bet. status is the spec's bet order status: 0 pending, 9999 drawn (settled).
CREATE TABLE sport_bets (
  id bigserial,
  user_id bigint NOT NULL,
  type text NOT NULL,
  amount bigint NOT NULL,
  from_cash bigint NOT NULL DEFAULT 0,
  from_bonus bigint NOT NULL DEFAULT 0,
  status integer NOT NULL DEFAULT 0,
  payout bigint NOT NULL DEFAULT 0,
  created_at timestamp with time zone NOT NULL,
  settled_at timestamp with time zone,
  potential bigint NOT NULL
);
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_pkey PRIMARY KEY (id);
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_amount_check CHECK ((amount > 0));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_from_bonus_check CHECK ((from_bonus >= 0));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_from_cash_check CHECK ((from_cash >= 0));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_payout_check CHECK ((payout >= 0));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_status_check CHECK ((status = ANY (ARRAY[0, 9999])));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_type_check CHECK ((type = ANY (ARRAY['single'::text, 'parlay'::text])));
CREATE INDEX sport_bets_open_idx ON sport_bets USING btree (id) WHERE (status = 0);
CREATE INDEX sport_bets_user_idx ON sport_bets USING btree (user_id, id DESC);

-- The outcome each match was settled with (the feed's, or one set by hand outside production);
-- a later row for the same match is a correction.
CREATE TABLE sport_results (
  match_id text NOT NULL,
  outcome jsonb NOT NULL,
  settled_at timestamp with time zone NOT NULL
);
ALTER TABLE sport_results ADD CONSTRAINT sport_results_pkey PRIMARY KEY (match_id);

-- Each level reached, once per player and level; its award is credited by Node (src/server/loyalty/vip)
-- through the ledger, and credited_at set in the same transaction.
CREATE TABLE vip_awards (
  user_id bigint NOT NULL,
  level smallint NOT NULL,
  award bigint NOT NULL,
  reached_at timestamp with time zone NOT NULL,
  credited_at timestamp with time zone,
  tx_id bigint
);
ALTER TABLE vip_awards ADD CONSTRAINT vip_awards_pkey PRIMARY KEY (user_id, level);
ALTER TABLE vip_awards ADD CONSTRAINT vip_awards_award_check CHECK ((award > 0));
CREATE INDEX vip_awards_pending_idx ON vip_awards USING btree (reached_at) WHERE (credited_at IS NULL);

-- VIP levels (issue 14). The spec's table read as: the award for reaching a level, the total
-- deposited and the total wagered needed to reach it, both thresholds met (its one home: the server
-- reads it from here; tests/server/vip.test.ts holds it to the spec). The wagered total counts what a gift's wagering
-- counts (the contribution table, net exposure, the 1.5x rule: wallet_count_wager's p_counted), so no
-- level can be bought at a profit. Test accounts (play money) have no VIP progress.
CREATE TABLE vip_levels (
  level smallint NOT NULL,
  award bigint NOT NULL,
  pay_min bigint NOT NULL,
  game_min bigint NOT NULL
);
ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_pkey PRIMARY KEY (level);
ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_award_check CHECK ((award >= 0));
ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_game_min_check CHECK ((game_min >= 0));
ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_pay_min_check CHECK ((pay_min >= 0));

-- Each player's sums (centavos) and level; seen_level is the level the VIP page last showed them.
CREATE TABLE vip_progress (
  user_id bigint NOT NULL,
  pay_sum bigint NOT NULL DEFAULT 0,
  game_sum bigint NOT NULL DEFAULT 0,
  level smallint NOT NULL DEFAULT 0,
  seen_level smallint NOT NULL DEFAULT 0
);
ALTER TABLE vip_progress ADD CONSTRAINT vip_progress_pkey PRIMARY KEY (user_id);
ALTER TABLE vip_progress ADD CONSTRAINT vip_progress_game_sum_check CHECK ((game_sum >= 0));
ALTER TABLE vip_progress ADD CONSTRAINT vip_progress_pay_sum_check CHECK ((pay_sum >= 0));

CREATE TABLE referral_commissions (
  beneficiary bigint NOT NULL,
  referee bigint NOT NULL,
  day date NOT NULL,
  level smallint NOT NULL,
  base bigint NOT NULL,
  amount bigint NOT NULL,
  tx_id bigint,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_pkey PRIMARY KEY (beneficiary, referee, day);
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_amount_check CHECK ((amount >= 0));
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_base_check CHECK ((base >= 0));
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_level_check CHECK (((level >= 1) AND (level <= 3)));
CREATE INDEX referral_commissions_day_idx ON referral_commissions USING btree (beneficiary, day);
CREATE INDEX referral_commissions_level_idx ON referral_commissions USING btree (beneficiary, level);

-- The days a job has paid (so a day is looked at once, and a missed day is caught up).
CREATE TABLE referral_days (
  day date NOT NULL,
  paid_at timestamp with time zone NOT NULL
);
ALTER TABLE referral_days ADD CONSTRAINT referral_days_pkey PRIMARY KEY (day);

-- Three-level referral commissions (issue 14). Each referee's counted stakes (what wallet_count_wager
-- counts: settled, by the contribution table and net exposure) are summed per São Paulo day; a daily
-- job pays each inviter up the chain (levels 1 to 3) its rate of them, once per day and referee
-- (the primary key), through the ledger as a promotion (award type 141).
CREATE TABLE wager_days (
  user_id bigint NOT NULL,
  day date NOT NULL,
  counted bigint NOT NULL DEFAULT 0
);
ALTER TABLE wager_days ADD CONSTRAINT wager_days_pkey PRIMARY KEY (user_id, day);
ALTER TABLE wager_days ADD CONSTRAINT wager_days_counted_check CHECK ((counted >= 0));
CREATE INDEX wager_days_day_idx ON wager_days USING btree (day);

-- Daily sign-in (issue 14): one claim per player and São Paulo day; streak is the day of the 7-day
-- cycle it paid (a missed day starts again at 1).
CREATE TABLE signin_claims (
  user_id bigint NOT NULL,
  day date NOT NULL,
  streak smallint NOT NULL,
  reward bigint NOT NULL,
  tx_id bigint,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE signin_claims ADD CONSTRAINT signin_claims_pkey PRIMARY KEY (user_id, day);
ALTER TABLE signin_claims ADD CONSTRAINT signin_claims_reward_check CHECK ((reward >= 0));
ALTER TABLE signin_claims ADD CONSTRAINT signin_claims_streak_check CHECK (((streak >= 1) AND (streak <= 7)));

-- Operators' notices (issue 14): posted with `npm run notice -- "texto"`, sent on the socket to
-- everyone online, and to sockets that connect within a day of it.
CREATE TABLE notices (
  id bigserial,
  text text NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE notices ADD CONSTRAINT notices_pkey PRIMARY KEY (id);
ALTER TABLE notices ADD CONSTRAINT notices_text_check CHECK (((length(text) >= 1) AND (length(text) <= 500)));

-- Provider games through a seamless wallet (issue 15). A launch opens a provider session (the
-- token the provider sends back on every wallet call); every bet, win and rollback the provider
-- sends is one row, keyed by the provider's transaction id, written in the same transaction as its
-- money, so a repeat finds it and moves nothing.
CREATE TABLE provider_sessions (
  id bigserial,
  token_hash text NOT NULL,
  user_id bigint NOT NULL,
  provider text NOT NULL,
  game text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  closed_at timestamp with time zone
);
ALTER TABLE provider_sessions ADD CONSTRAINT provider_sessions_pkey PRIMARY KEY (id);
ALTER TABLE provider_sessions ADD CONSTRAINT provider_sessions_token_hash_key UNIQUE (token_hash);
CREATE INDEX provider_sessions_end_idx ON provider_sessions USING btree (LEAST(closed_at, expires_at));
CREATE INDEX provider_sessions_user_idx ON provider_sessions USING btree (user_id) WHERE (closed_at IS NULL);

CREATE TABLE provider_transactions (
  provider text NOT NULL,
  transaction_id text NOT NULL,
  kind text NOT NULL,
  user_id bigint NOT NULL,
  game text NOT NULL,
  round_id text NOT NULL,
  amount bigint NOT NULL,
  reference_id text,
  from_cash bigint NOT NULL DEFAULT 0,
  from_bonus bigint NOT NULL DEFAULT 0,
  state text NOT NULL,
  tx_id bigint,
  request_hash text NOT NULL,
  reply jsonb NOT NULL,
  created_at timestamp with time zone NOT NULL,
  session_id bigint
);
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_pkey PRIMARY KEY (provider, transaction_id);
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_amount_check CHECK ((amount >= 0));
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_kind_check CHECK ((kind = ANY (ARRAY['bet'::text, 'win'::text, 'rollback'::text])));
CREATE INDEX provider_transactions_created_idx ON provider_transactions USING btree (created_at);
CREATE INDEX provider_transactions_open_idx ON provider_transactions USING btree (session_id) WHERE ((kind = 'bet'::text) AND (state = 'open'::text));
CREATE INDEX provider_transactions_reference_idx ON provider_transactions USING btree (provider, reference_id) WHERE (reference_id IS NOT NULL);
CREATE INDEX provider_transactions_round_idx ON provider_transactions USING btree (provider, round_id, user_id);
CREATE INDEX provider_transactions_user_idx ON provider_transactions USING btree (user_id, created_at DESC);

CREATE TABLE pix_refunds (
  id text NOT NULL,
  provider text NOT NULL,
  e2e_id text NOT NULL,
  pay_no text NOT NULL,
  amount bigint NOT NULL,
  reason text NOT NULL,
  state text NOT NULL,
  failure text,
  created_at timestamp with time zone NOT NULL,
  updated_at timestamp with time zone NOT NULL
);
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_pkey PRIMARY KEY (id);
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_amount_check CHECK ((amount > 0));
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_provider_e2e_id_key UNIQUE (provider, e2e_id);
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_state_check CHECK ((state = ANY (ARRAY['new'::text, 'pending'::text, 'returned'::text, 'failed'::text])));
CREATE INDEX pix_refunds_open_idx ON pix_refunds USING btree (created_at) WHERE (state = ANY (ARRAY['new'::text, 'pending'::text]));

CREATE TABLE psp_sandbox_cobs (
  txid text NOT NULL,
  revisao integer NOT NULL,
  status text NOT NULL,
  valor bigint NOT NULL,
  chave text NOT NULL,
  solicitacao text,
  expiracao integer NOT NULL,
  criacao timestamp with time zone NOT NULL,
  loc_id bigserial,
  location text NOT NULL,
  br_code text NOT NULL
);
ALTER TABLE psp_sandbox_cobs ADD CONSTRAINT psp_sandbox_cobs_pkey PRIMARY KEY (txid);

CREATE TABLE psp_sandbox_pix (
  e2e_id text NOT NULL,
  txid text,
  valor bigint NOT NULL,
  chave text NOT NULL,
  horario timestamp with time zone NOT NULL
);
ALTER TABLE psp_sandbox_pix ADD CONSTRAINT psp_sandbox_pix_pkey PRIMARY KEY (e2e_id);
CREATE INDEX psp_sandbox_pix_time_idx ON psp_sandbox_pix USING btree (horario);

CREATE TABLE psp_sandbox_refunds (
  e2e_id text NOT NULL,
  id text NOT NULL,
  rtr_id text NOT NULL,
  valor bigint NOT NULL,
  descricao text,
  status text NOT NULL,
  solicitacao timestamp with time zone NOT NULL,
  liquidacao timestamp with time zone,
  motivo text,
  natureza text NOT NULL DEFAULT 'ORIGINAL'::text
);
ALTER TABLE psp_sandbox_refunds ADD CONSTRAINT psp_sandbox_refunds_pkey PRIMARY KEY (e2e_id, id);

CREATE TABLE psp_sandbox_sends (
  id_envio text NOT NULL,
  e2e_id text NOT NULL,
  valor bigint NOT NULL,
  pagador_chave text NOT NULL,
  favorecido text NOT NULL,
  status text NOT NULL,
  solicitacao timestamp with time zone NOT NULL,
  liquidacao timestamp with time zone,
  erro text
);
ALTER TABLE psp_sandbox_sends ADD CONSTRAINT psp_sandbox_sends_pkey PRIMARY KEY (id_envio);

-- The built-in PSP emulator's own books (PIX_PROVIDER=sandbox): what the bank keeps on its side,
-- so a restart of the server loses no charge, payment, refund or payout of the demo.
CREATE TABLE psp_sandbox_webhooks (
  chave text NOT NULL,
  url text NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE psp_sandbox_webhooks ADD CONSTRAINT psp_sandbox_webhooks_pkey PRIMARY KEY (chave);

-- The sportsbook's safety (issue 29). The simulator's secret: 256 random bits made by the first server to start,
-- from which every match's script is drawn (src/server/sport/simulator/model.ts). Kept only here:
-- the code and the match ids tell nothing of it. One row.
CREATE TABLE sport_secret (
  id smallint NOT NULL,
  secret bytea NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE sport_secret ADD CONSTRAINT sport_secret_pkey PRIMARY KEY (id);
ALTER TABLE sport_secret ADD CONSTRAINT sport_secret_id_check CHECK ((id = 1));
ALTER TABLE sport_secret ADD CONSTRAINT sport_secret_secret_check CHECK ((octet_length(secret) = 32));

-- Players' seeds toward a chain's salt: one per player per chain, in the order they came.
CREATE TABLE round_chain_seeds (
  chain_id bigint NOT NULL,
  user_id bigint NOT NULL,
  seq bigserial,
  seed text NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE round_chain_seeds ADD CONSTRAINT round_chain_seeds_pkey PRIMARY KEY (chain_id, user_id);

-- Issue 29, money out and the PIX rails.
--
-- Every payment ever credited, by its end-to-end id, for good: the retention job purges
-- payment_events 90 days after their order closed, and a PSP that delivers the same payment again
-- after that must still find it credited (not a second payment of a paid charge, returned to its
-- payer while the player keeps the credit). A few dozen bytes a deposit; never purged. It also
-- names whose deposit a payment was, which a MED return needs.
CREATE TABLE credited_payments (
  provider text NOT NULL,
  e2e_id text NOT NULL,
  user_id bigint NOT NULL,
  order_id bigint NOT NULL,
  amount bigint NOT NULL,
  credited_at timestamp with time zone NOT NULL
);
ALTER TABLE credited_payments ADD CONSTRAINT credited_payments_pkey PRIMARY KEY (provider, e2e_id);
ALTER TABLE credited_payments ADD CONSTRAINT credited_payments_amount_check CHECK ((amount > 0));
CREATE INDEX credited_payments_user_idx ON credited_payments USING btree (user_id);

-- A credited payment returned to its payer through the MED (API Pix devolução of nature
-- MED_OPERACIONAL or MED_FRAUDE), once per devolução: `taken` left the player's cash, `debt` is
-- what the cash could not cover (added to player_debts), `forfeited` the bonus that went with it.
CREATE TABLE pix_returns (
  provider text NOT NULL,
  e2e_id text NOT NULL,
  id text NOT NULL,
  rtr_id text NOT NULL,
  natureza text NOT NULL,
  user_id bigint NOT NULL,
  amount bigint NOT NULL,
  taken bigint NOT NULL,
  debt bigint NOT NULL,
  forfeited bigint NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_pkey PRIMARY KEY (provider, e2e_id, id);
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_amount_check CHECK ((amount > 0));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_check CHECK (((taken + debt) = amount));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_debt_check CHECK ((debt >= 0));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_forfeited_check CHECK ((forfeited >= 0));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_taken_check CHECK ((taken >= 0));
CREATE INDEX pix_returns_user_idx ON pix_returns USING btree (user_id);

-- What a player owes the house after a MED return their cash could not cover. Never a negative
-- balance: the debt lives here, withdrawals and transfers wait while it is above zero, and the
-- next deposits settle it first.
CREATE TABLE player_debts (
  user_id bigint NOT NULL,
  amount bigint NOT NULL,
  updated_at timestamp with time zone NOT NULL
);
ALTER TABLE player_debts ADD CONSTRAINT player_debts_pkey PRIMARY KEY (user_id);
ALTER TABLE player_debts ADD CONSTRAINT player_debts_amount_check CHECK ((amount >= 0));

-- Foreign keys, once every table exists.
ALTER TABLE game_sessions ADD CONSTRAINT game_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE password_resets ADD CONSTRAINT password_resets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE sessions ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE users ADD CONSTRAINT users_inviter_id_fkey FOREIGN KEY (inviter_id) REFERENCES users(id);
ALTER TABLE users ADD CONSTRAINT users_test_owner_id_fkey FOREIGN KEY (test_owner_id) REFERENCES users(id);
ALTER TABLE bonus_wagering ADD CONSTRAINT bonus_wagering_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE kyc_tax_ids ADD CONSTRAINT kyc_tax_ids_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE open_game_locks ADD CONSTRAINT open_game_locks_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE orders ADD CONSTRAINT orders_offer_id_fkey FOREIGN KEY (offer_id) REFERENCES promo_offers(id);
ALTER TABLE orders ADD CONSTRAINT orders_pkg_id_fkey FOREIGN KEY (pkg_id) REFERENCES price_packages(id);
ALTER TABLE orders ADD CONSTRAINT orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE transfers ADD CONSTRAINT transfers_from_user_fkey FOREIGN KEY (from_user) REFERENCES users(id);
ALTER TABLE transfers ADD CONSTRAINT transfers_to_user_fkey FOREIGN KEY (to_user) REFERENCES users(id);
ALTER TABLE transfers ADD CONSTRAINT transfers_tx_id_fkey FOREIGN KEY (tx_id) REFERENCES ledger_transactions(id);
ALTER TABLE withdraw_cards ADD CONSTRAINT withdraw_cards_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE fair_seeds ADD CONSTRAINT fair_seeds_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE boost_offers ADD CONSTRAINT boost_offers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE cash_turnover ADD CONSTRAINT cash_turnover_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE promo_offers ADD CONSTRAINT promo_offers_used_order_id_fkey FOREIGN KEY (used_order_id) REFERENCES orders(id);
ALTER TABLE promo_offers ADD CONSTRAINT promo_offers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE round_chain_checkpoints ADD CONSTRAINT round_chain_checkpoints_chain_id_fkey FOREIGN KEY (chain_id) REFERENCES round_chains(id);
ALTER TABLE round_bets ADD CONSTRAINT round_bets_round_pk_fkey FOREIGN KEY (round_pk) REFERENCES rounds(id);
ALTER TABLE rounds ADD CONSTRAINT rounds_chain_id_fkey FOREIGN KEY (chain_id) REFERENCES round_chains(id);
ALTER TABLE sport_bet_legs ADD CONSTRAINT sport_bet_legs_bet_id_fkey FOREIGN KEY (bet_id) REFERENCES sport_bets(id);
ALTER TABLE vip_awards ADD CONSTRAINT vip_awards_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE vip_progress ADD CONSTRAINT vip_progress_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_beneficiary_fkey FOREIGN KEY (beneficiary) REFERENCES users(id);
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_referee_fkey FOREIGN KEY (referee) REFERENCES users(id);
ALTER TABLE wager_days ADD CONSTRAINT wager_days_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE signin_claims ADD CONSTRAINT signin_claims_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE provider_sessions ADD CONSTRAINT provider_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_tx_id_fkey FOREIGN KEY (tx_id) REFERENCES ledger_transactions(id);
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE round_chain_seeds ADD CONSTRAINT round_chain_seeds_chain_id_fkey FOREIGN KEY (chain_id) REFERENCES round_chains(id);
ALTER TABLE credited_payments ADD CONSTRAINT credited_payments_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders(id);
ALTER TABLE credited_payments ADD CONSTRAINT credited_payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE player_debts ADD CONSTRAINT player_debts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

-- The rows a new database starts with: the system accounts, the price packages, the VIP levels ...
INSERT INTO ledger_accounts (id, user_id, kind, balance, is_system, shard) VALUES
  (1, NULL, 'house', 0, true, 0),
  (2, NULL, 'clearing', 0, true, 0),
  (3, NULL, 'promotions', 0, true, 0),
  (4, NULL, 'play_money', 0, true, 0),
  (5, NULL, 'play_house', 0, true, 0),
  (6, NULL, 'house', 0, true, 1),
  (7, NULL, 'house', 0, true, 2),
  (8, NULL, 'house', 0, true, 3),
  (9, NULL, 'house', 0, true, 4),
  (10, NULL, 'house', 0, true, 5),
  (11, NULL, 'house', 0, true, 6),
  (12, NULL, 'house', 0, true, 7),
  (13, NULL, 'house', 0, true, 8),
  (14, NULL, 'house', 0, true, 9),
  (15, NULL, 'house', 0, true, 10),
  (16, NULL, 'house', 0, true, 11),
  (17, NULL, 'house', 0, true, 12),
  (18, NULL, 'house', 0, true, 13),
  (19, NULL, 'house', 0, true, 14),
  (20, NULL, 'house', 0, true, 15),
  (21, NULL, 'play_house', 0, true, 1),
  (22, NULL, 'play_house', 0, true, 2),
  (23, NULL, 'play_house', 0, true, 3),
  (24, NULL, 'play_house', 0, true, 4),
  (25, NULL, 'play_house', 0, true, 5),
  (26, NULL, 'play_house', 0, true, 6),
  (27, NULL, 'play_house', 0, true, 7),
  (28, NULL, 'play_house', 0, true, 8),
  (29, NULL, 'play_house', 0, true, 9),
  (30, NULL, 'play_house', 0, true, 10),
  (31, NULL, 'play_house', 0, true, 11),
  (32, NULL, 'play_house', 0, true, 12),
  (33, NULL, 'play_house', 0, true, 13),
  (34, NULL, 'play_house', 0, true, 14),
  (35, NULL, 'play_house', 0, true, 15);
INSERT INTO price_packages (id, curreny, price, gift, gift_wager_x, sort, active, turnover_x) VALUES
  (1, 'BRL', 2000, 0, 15, 1, true, NULL),
  (2, 'BRL', 5000, 500, 15, 2, true, NULL),
  (3, 'BRL', 10000, 1500, 15, 3, true, NULL),
  (4, 'BRL', 20000, 4000, 15, 4, true, NULL),
  (5, 'BRL', 50000, 12000, 15, 5, true, NULL),
  (6, 'BRL', 100000, 30000, 15, 6, true, NULL),
  (7, 'EXTPAY', 300000, 100000, 15, 7, true, NULL),
  (8, 'EXTPAY', 1000000, 400000, 15, 8, true, NULL),
  (9, 'BTBRL', 3000, 1000, 15, 9, true, NULL),
  (10, 'FCBRL', 5000, 2500, 15, 10, true, NULL),
  (11, 'INSBRL', 1000, 500, 10, 1, true, 1),
  (12, 'INSBRL', 3000, 1500, 10, 2, true, 1),
  (13, 'INSBRL', 5000, 2500, 10, 3, true, 1),
  (14, 'INSBRL', 10000, 5000, 10, 4, true, 1),
  (15, 'INSBRL', 20000, 10000, 10, 5, true, 1),
  (16, 'EXPPAY', 5000, 5000, 10, 1, true, 1);
INSERT INTO vip_levels (level, award, pay_min, game_min) VALUES
  (0, 0, 0, 0),
  (1, 1000, 10000, 50000),
  (2, 5000, 50000, 400000),
  (3, 20000, 200000, 1600000),
  (4, 120000, 1000000, 8000000),
  (5, 600000, 5000000, 40000000),
  (6, 2400000, 20000000, 160000000),
  (7, 7500000, 50000000, 300000000),
  (8, 22500000, 150000000, 600000000),
  (9, 75000000, 500000000, 2000000000),
  (10, 200000000, 1000000000, 4000000000);

SELECT setval('ledger_accounts_id_seq', 35);
SELECT setval('price_packages_id_seq', 16);
