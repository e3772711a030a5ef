-- The schema the migrations build (src/server/db/schemaSnapshot.ts; `npx tsx scripts/schema-snapshot.ts` writes it).

CREATE TYPE casino_move AS (code text, bet_id bigint, stale jsonb, balance bigint, version bigint, is_test boolean, day_total bigint);
CREATE TYPE casino_reply AS (code text, http integer, body text, bet_id bigint, stale jsonb, balance bigint, version bigint, is_test boolean, day_total bigint, offered boolean, paid boolean);
CREATE TYPE casino_set_bet AS (n integer, u bigint, k text, h text, at timestamp with time zone, day date, g text, stake bigint, payout bigint, target integer, cond text, outcome integer, mult bigint, counted bigint, seed bigint, nonce integer, low bigint, parts jsonb, is_test boolean, bid bigint, bonus_max bigint);
CREATE TYPE wallet_posting AS (n integer, u bigint, code text, stake bigint, payout bigint, ref text, at timestamp with time zone, day date, meta jsonb, cash_id bigint, bonus_id bigint, house bigint, is_test boolean, from_cash bigint, from_bonus bigint, to_bonus bigint, balance bigint, bet_tx bigint, win_tx bigint);
CREATE TYPE wallet_stake AS (n integer, u bigint, stake bigint, payout bigint, ref text, at timestamp with time zone, day date, meta jsonb, bonus_max bigint);
CREATE TYPE wallet_staked AS (n integer, code text, bet_tx bigint, from_cash bigint, from_bonus bigint, balance bigint, version bigint, is_test boolean, day_total bigint);

CREATE TABLE bonus_wagering (
  user_id bigint NOT NULL,
  required bigint NOT NULL DEFAULT 0,
  wagered bigint NOT NULL DEFAULT 0,
  granted_at timestamp with time zone
);
ALTER TABLE bonus_wagering ADD CONSTRAINT bonus_wagering_pkey PRIMARY KEY (user_id);
ALTER TABLE bonus_wagering ADD CONSTRAINT bonus_wagering_required_check CHECK ((required >= 0));
ALTER TABLE bonus_wagering ADD CONSTRAINT bonus_wagering_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE bonus_wagering ADD CONSTRAINT bonus_wagering_wagered_check CHECK ((wagered >= 0));

CREATE TABLE boost_offers (
  user_id bigint NOT NULL,
  day date NOT NULL,
  multiplier numeric(10,4) NOT NULL,
  amount bigint NOT NULL,
  sent_at timestamp with time zone NOT NULL
);
ALTER TABLE boost_offers ADD CONSTRAINT boost_offers_amount_check CHECK ((amount > 0));
ALTER TABLE boost_offers ADD CONSTRAINT boost_offers_pkey PRIMARY KEY (user_id, day);
ALTER TABLE boost_offers ADD CONSTRAINT boost_offers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE captchas (
  code_id integer NOT NULL,
  ip text NOT NULL,
  answer text NOT NULL,
  expires_at timestamp with time zone NOT NULL
);
ALTER TABLE captchas ADD CONSTRAINT captchas_pkey PRIMARY KEY (code_id, ip);
CREATE INDEX captchas_expiry_idx ON public.captchas USING btree (expires_at);

CREATE TABLE cash_turnover (
  user_id bigint NOT NULL,
  outstanding bigint NOT NULL DEFAULT 0
);
ALTER TABLE cash_turnover ADD CONSTRAINT cash_turnover_outstanding_check CHECK ((outstanding >= 0));
ALTER TABLE cash_turnover ADD CONSTRAINT cash_turnover_pkey PRIMARY KEY (user_id);
ALTER TABLE cash_turnover ADD CONSTRAINT cash_turnover_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE casino_bets (
  id bigint NOT NULL DEFAULT nextval('casino_bets_id_seq'::regclass),
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
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_amount_check CHECK ((amount > 0));
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_game_check CHECK ((game = ANY (ARRAY['dice'::text, 'limbo'::text, 'mines'::text])));
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_pkey PRIMARY KEY (id);
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_seed_id_nonce_key UNIQUE (seed_id, nonce);
ALTER TABLE casino_bets ADD CONSTRAINT casino_bets_state_check CHECK ((state = ANY (ARRAY['active'::text, 'won'::text, 'lost'::text])));
CREATE UNIQUE INDEX casino_bets_active_mines_idx ON public.casino_bets USING btree (user_id) WHERE ((game = 'mines'::text) AND (state = 'active'::text));
CREATE INDEX casino_bets_user_idx ON public.casino_bets USING btree (user_id, id DESC);

CREATE TABLE credited_payments (
  provider text NOT NULL,
  e2e_id text NOT NULL,
  user_id bigint NOT NULL,
  order_id bigint NOT NULL,
  amount bigint NOT NULL,
  credited_at timestamp with time zone NOT NULL
);
ALTER TABLE credited_payments ADD CONSTRAINT credited_payments_amount_check CHECK ((amount > 0));
ALTER TABLE credited_payments ADD CONSTRAINT credited_payments_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders(id);
ALTER TABLE credited_payments ADD CONSTRAINT credited_payments_pkey PRIMARY KEY (provider, e2e_id);
ALTER TABLE credited_payments ADD CONSTRAINT credited_payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX credited_payments_user_idx ON public.credited_payments USING btree (user_id);

CREATE TABLE fair_seeds (
  id bigint NOT NULL DEFAULT nextval('fair_seeds_id_seq'::regclass),
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
ALTER TABLE fair_seeds ADD CONSTRAINT fair_seeds_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE UNIQUE INDEX fair_seeds_active_idx ON public.fair_seeds USING btree (user_id) WHERE active;

CREATE TABLE game_sessions (
  user_id bigint NOT NULL,
  game_code text NOT NULL,
  product_code text NOT NULL,
  started_at timestamp with time zone NOT NULL
);
ALTER TABLE game_sessions ADD CONSTRAINT game_sessions_pkey PRIMARY KEY (user_id);
ALTER TABLE game_sessions ADD CONSTRAINT game_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  http_status smallint,
  response text,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, key);
CREATE INDEX idempotency_keys_created_idx ON public.idempotency_keys USING btree (created_at);

CREATE TABLE kyc_tax_ids (
  card_no text NOT NULL,
  user_id bigint NOT NULL,
  verified_at timestamp with time zone NOT NULL
);
ALTER TABLE kyc_tax_ids ADD CONSTRAINT kyc_tax_ids_pkey PRIMARY KEY (card_no);
ALTER TABLE kyc_tax_ids ADD CONSTRAINT kyc_tax_ids_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE kyc_tax_ids ADD CONSTRAINT kyc_tax_ids_user_id_key UNIQUE (user_id);

CREATE TABLE ledger_accounts (
  id bigint NOT NULL DEFAULT nextval('ledger_accounts_id_seq'::regclass),
  user_id bigint,
  kind text NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  is_system boolean NOT NULL DEFAULT false,
  shard smallint NOT NULL DEFAULT 0
);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_pkey PRIMARY KEY (id);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_owner CHECK ((is_system = (user_id IS NULL)));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_user_nonnegative CHECK ((is_system OR (balance >= 0)));
CREATE UNIQUE INDEX ledger_accounts_system_kind ON public.ledger_accounts USING btree (kind, shard) WHERE (user_id IS NULL);
CREATE UNIQUE INDEX ledger_accounts_user_kind ON public.ledger_accounts USING btree (user_id, kind) WHERE (user_id IS NOT NULL);
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE OR TRUNCATE ON public.ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_kept();

CREATE TABLE ledger_entries (
  id bigint NOT NULL DEFAULT nextval('ledger_entries_id_seq'::regclass),
  tx_id bigint NOT NULL,
  account_id bigint NOT NULL,
  amount bigint NOT NULL
);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_amount_check CHECK ((amount <> 0));
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (id);
CREATE INDEX ledger_entries_account_last_idx ON public.ledger_entries USING btree (account_id, id);
CREATE INDEX ledger_entries_tx_idx ON public.ledger_entries USING btree (tx_id);
CREATE TRIGGER ledger_balanced AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_balanced();

CREATE TABLE ledger_transactions (
  id bigint NOT NULL DEFAULT nextval('ledger_transactions_id_seq'::regclass),
  kind text NOT NULL,
  ref text,
  user_id bigint,
  created_at timestamp with time zone NOT NULL,
  meta jsonb
);
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_pkey PRIMARY KEY (id);
CREATE INDEX ledger_transactions_kind_idx ON public.ledger_transactions USING btree (user_id, kind, created_at);

CREATE TABLE notices (
  id bigint NOT NULL DEFAULT nextval('notices_id_seq'::regclass),
  text text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  marketing boolean NOT NULL DEFAULT false
);
ALTER TABLE notices ADD CONSTRAINT notices_pkey PRIMARY KEY (id);
ALTER TABLE notices ADD CONSTRAINT notices_text_check CHECK (((length(text) >= 1) AND (length(text) <= 500)));

CREATE TABLE open_game_locks (
  user_id bigint NOT NULL,
  ref text NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE open_game_locks ADD CONSTRAINT open_game_locks_pkey PRIMARY KEY (user_id, ref);
ALTER TABLE open_game_locks ADD CONSTRAINT open_game_locks_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE operator_enrolments (
  token_hash text NOT NULL,
  operator_id bigint NOT NULL,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone
);
ALTER TABLE operator_enrolments ADD CONSTRAINT operator_enrolments_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES operators(id);
ALTER TABLE operator_enrolments ADD CONSTRAINT operator_enrolments_pkey PRIMARY KEY (token_hash);
CREATE INDEX operator_enrolments_operator ON public.operator_enrolments USING btree (operator_id);

CREATE TABLE operator_recovery_codes (
  operator_id bigint NOT NULL,
  code_hash text NOT NULL,
  used_at timestamp with time zone
);
ALTER TABLE operator_recovery_codes ADD CONSTRAINT operator_recovery_codes_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES operators(id);
ALTER TABLE operator_recovery_codes ADD CONSTRAINT operator_recovery_codes_pkey PRIMARY KEY (operator_id, code_hash);

CREATE TABLE operator_sessions (
  id bigint NOT NULL DEFAULT nextval('operator_sessions_id_seq'::regclass),
  token_hash text NOT NULL,
  operator_id bigint NOT NULL,
  stage text NOT NULL,
  ip text NOT NULL DEFAULT ''::text,
  created_at timestamp with time zone NOT NULL,
  last_seen_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  revoked_at timestamp with time zone
);
ALTER TABLE operator_sessions ADD CONSTRAINT operator_sessions_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES operators(id);
ALTER TABLE operator_sessions ADD CONSTRAINT operator_sessions_pkey PRIMARY KEY (id);
ALTER TABLE operator_sessions ADD CONSTRAINT operator_sessions_stage_check CHECK ((stage = ANY (ARRAY['password'::text, 'full'::text])));
ALTER TABLE operator_sessions ADD CONSTRAINT operator_sessions_token_hash_key UNIQUE (token_hash);
CREATE INDEX operator_sessions_operator ON public.operator_sessions USING btree (operator_id) WHERE (revoked_at IS NULL);

CREATE TABLE operators (
  id bigint NOT NULL DEFAULT nextval('operators_id_seq'::regclass),
  email text NOT NULL,
  role text NOT NULL,
  password_hash text,
  totp_sealed text,
  totp_last_step bigint NOT NULL DEFAULT 0,
  enrolled_at timestamp with time zone,
  suspended_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL,
  created_by bigint
);
ALTER TABLE operators ADD CONSTRAINT operators_created_by_fkey FOREIGN KEY (created_by) REFERENCES operators(id);
ALTER TABLE operators ADD CONSTRAINT operators_email_key UNIQUE (email);
ALTER TABLE operators ADD CONSTRAINT operators_pkey PRIMARY KEY (id);
ALTER TABLE operators ADD CONSTRAINT operators_role_check CHECK ((role = ANY (ARRAY['support'::text, 'payments'::text, 'risk'::text, 'admin'::text])));

CREATE TABLE ops_audit (
  id bigint NOT NULL DEFAULT nextval('ops_audit_id_seq'::regclass),
  at timestamp with time zone NOT NULL,
  operator_id bigint,
  action text NOT NULL,
  target text NOT NULL DEFAULT ''::text,
  reason text NOT NULL DEFAULT ''::text,
  before jsonb,
  after jsonb,
  ip text NOT NULL DEFAULT ''::text
);
ALTER TABLE ops_audit ADD CONSTRAINT ops_audit_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES operators(id);
ALTER TABLE ops_audit ADD CONSTRAINT ops_audit_pkey PRIMARY KEY (id);
CREATE INDEX ops_audit_operator ON public.ops_audit USING btree (operator_id, id);
CREATE INDEX ops_audit_target ON public.ops_audit USING btree (target, id);
CREATE TRIGGER ops_audit_append_only BEFORE DELETE OR UPDATE ON public.ops_audit FOR EACH ROW EXECUTE FUNCTION ops_audit_append_only();
CREATE TRIGGER ops_audit_no_truncate BEFORE TRUNCATE ON public.ops_audit FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_append_only();

CREATE TABLE ops_idempotency_keys (
  operator_id bigint NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  http_status smallint,
  response text,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE ops_idempotency_keys ADD CONSTRAINT ops_idempotency_keys_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES operators(id);
ALTER TABLE ops_idempotency_keys ADD CONSTRAINT ops_idempotency_keys_pkey PRIMARY KEY (operator_id, key);
CREATE INDEX ops_idempotency_keys_created ON public.ops_idempotency_keys USING btree (created_at);

CREATE TABLE orders (
  id bigint NOT NULL DEFAULT nextval('orders_id_seq'::regclass),
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
  approval text,
  payer_tax_id text,
  review_reasons text[],
  reviewed_by bigint,
  reviewed_at timestamp with time zone
);
ALTER TABLE orders ADD CONSTRAINT orders_amount_check CHECK ((amount > 0));
ALTER TABLE orders ADD CONSTRAINT orders_approval_check CHECK ((approval = ANY (ARRAY['waiting'::text, 'approved'::text])));
ALTER TABLE orders ADD CONSTRAINT orders_gift_check CHECK ((gift >= 0));
ALTER TABLE orders ADD CONSTRAINT orders_offer_id_fkey FOREIGN KEY (offer_id) REFERENCES promo_offers(id);
ALTER TABLE orders ADD CONSTRAINT orders_pay_no_key UNIQUE (pay_no);
ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (id);
ALTER TABLE orders ADD CONSTRAINT orders_pkg_id_fkey FOREIGN KEY (pkg_id) REFERENCES price_packages(id);
ALTER TABLE orders ADD CONSTRAINT orders_reviewed_by_fkey FOREIGN KEY (reviewed_by) REFERENCES operators(id);
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK ((status = ANY (ARRAY['00'::text, '01'::text, '10'::text])));
ALTER TABLE orders ADD CONSTRAINT orders_turnover_x_check CHECK ((turnover_x >= 0));
ALTER TABLE orders ADD CONSTRAINT orders_type_check CHECK ((type = ANY (ARRAY[10, 11])));
ALTER TABLE orders ADD CONSTRAINT orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE UNIQUE INDEX orders_one_open_deposit ON public.orders USING btree (user_id) WHERE ((type = 10) AND (status = '00'::text));
CREATE INDEX orders_pending_idx ON public.orders USING btree (type, created_at) WHERE (status = '00'::text);
CREATE INDEX orders_review_queue ON public.orders USING btree (created_at) WHERE ((type = 11) AND (status = '00'::text) AND (approval = 'waiting'::text));
CREATE INDEX orders_user_idx ON public.orders USING btree (user_id, created_at);

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
ALTER TABLE password_resets ADD CONSTRAINT password_resets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  pay_no text NOT NULL,
  type text NOT NULL,
  outcome text NOT NULL,
  received_at timestamp with time zone NOT NULL
);
ALTER TABLE payment_events ADD CONSTRAINT payment_events_pkey PRIMARY KEY (provider, event_id);

CREATE TABLE payment_reviews (
  item text NOT NULL,
  action text NOT NULL,
  operator_id bigint NOT NULL,
  reason text NOT NULL,
  at timestamp with time zone NOT NULL
);
ALTER TABLE payment_reviews ADD CONSTRAINT payment_reviews_action_check CHECK ((action = ANY (ARRAY['resolved'::text, 'returned'::text])));
ALTER TABLE payment_reviews ADD CONSTRAINT payment_reviews_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES operators(id);
ALTER TABLE payment_reviews ADD CONSTRAINT payment_reviews_pkey PRIMARY KEY (item);

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
  updated_at timestamp with time zone NOT NULL,
  user_id bigint,
  order_id bigint,
  operator_id bigint
);
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_amount_check CHECK ((amount > 0));
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES operators(id);
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders(id);
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_pkey PRIMARY KEY (id);
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_state_check CHECK ((state = ANY (ARRAY['new'::text, 'pending'::text, 'returned'::text, 'failed'::text])));
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX pix_refunds_failed ON public.pix_refunds USING btree (updated_at) WHERE (state = 'failed'::text);
CREATE UNIQUE INDEX pix_refunds_one_automatic ON public.pix_refunds USING btree (provider, e2e_id) WHERE (user_id IS NULL);
CREATE INDEX pix_refunds_open_idx ON public.pix_refunds USING btree (created_at) WHERE (state = ANY (ARRAY['new'::text, 'pending'::text]));
CREATE INDEX pix_refunds_order ON public.pix_refunds USING btree (order_id) WHERE (order_id IS NOT NULL);

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
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_amount_check CHECK ((amount > 0));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_check CHECK (((taken + debt) = amount));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_debt_check CHECK ((debt >= 0));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_forfeited_check CHECK ((forfeited >= 0));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_pkey PRIMARY KEY (provider, e2e_id, id);
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_taken_check CHECK ((taken >= 0));
ALTER TABLE pix_returns ADD CONSTRAINT pix_returns_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX pix_returns_user_idx ON public.pix_returns USING btree (user_id);

CREATE TABLE play_days (
  user_id bigint NOT NULL,
  day date NOT NULL,
  staked bigint NOT NULL,
  returned bigint NOT NULL DEFAULT 0,
  played_s integer NOT NULL DEFAULT 0,
  last_play_at timestamp with time zone,
  session_started_at timestamp with time zone
);
ALTER TABLE play_days ADD CONSTRAINT play_days_pkey PRIMARY KEY (user_id, day);
ALTER TABLE play_days ADD CONSTRAINT play_days_played_check CHECK ((played_s >= 0));
ALTER TABLE play_days ADD CONSTRAINT play_days_returned_check CHECK ((returned >= 0));
ALTER TABLE play_days ADD CONSTRAINT play_days_staked_check CHECK ((staked >= 0));

CREATE TABLE player_debts (
  user_id bigint NOT NULL,
  amount bigint NOT NULL,
  updated_at timestamp with time zone NOT NULL
);
ALTER TABLE player_debts ADD CONSTRAINT player_debts_amount_check CHECK ((amount >= 0));
ALTER TABLE player_debts ADD CONSTRAINT player_debts_pkey PRIMARY KEY (user_id);
ALTER TABLE player_debts ADD CONSTRAINT player_debts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE player_notes (
  id bigint NOT NULL DEFAULT nextval('player_notes_id_seq'::regclass),
  user_id bigint NOT NULL,
  operator_id bigint NOT NULL,
  at timestamp with time zone NOT NULL,
  text text NOT NULL
);
ALTER TABLE player_notes ADD CONSTRAINT player_notes_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES operators(id);
ALTER TABLE player_notes ADD CONSTRAINT player_notes_pkey PRIMARY KEY (id);
ALTER TABLE player_notes ADD CONSTRAINT player_notes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX player_notes_user ON public.player_notes USING btree (user_id, id);

CREATE TABLE price_packages (
  id integer NOT NULL DEFAULT nextval('price_packages_id_seq'::regclass),
  currency text NOT NULL,
  price bigint NOT NULL,
  gift bigint NOT NULL DEFAULT 0,
  gift_wager_x integer NOT NULL DEFAULT 15,
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  turnover_x integer
);
ALTER TABLE price_packages ADD CONSTRAINT price_packages_currency_check CHECK ((currency = ANY (ARRAY['BRL'::text, 'EXTPAY'::text, 'BTBRL'::text, 'FCBRL'::text, 'INSBRL'::text, 'EXPPAY'::text, ''::text])));
ALTER TABLE price_packages ADD CONSTRAINT price_packages_gift_check CHECK ((gift >= 0));
ALTER TABLE price_packages ADD CONSTRAINT price_packages_gift_wager_x_check CHECK ((gift_wager_x >= 0));
ALTER TABLE price_packages ADD CONSTRAINT price_packages_pkey PRIMARY KEY (id);
ALTER TABLE price_packages ADD CONSTRAINT price_packages_price_check CHECK ((price > 0));
ALTER TABLE price_packages ADD CONSTRAINT price_packages_turnover_x_check CHECK ((turnover_x >= 0));

CREATE TABLE promo_offers (
  id bigint NOT NULL DEFAULT nextval('promo_offers_id_seq'::regclass),
  user_id bigint NOT NULL,
  currency text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  used_order_id bigint
);
ALTER TABLE promo_offers ADD CONSTRAINT promo_offers_currency_check CHECK ((currency = ANY (ARRAY['INSBRL'::text, 'EXPPAY'::text])));
ALTER TABLE promo_offers ADD CONSTRAINT promo_offers_pkey PRIMARY KEY (id);
ALTER TABLE promo_offers ADD CONSTRAINT promo_offers_used_order_id_fkey FOREIGN KEY (used_order_id) REFERENCES orders(id);
ALTER TABLE promo_offers ADD CONSTRAINT promo_offers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX promo_offers_user_idx ON public.promo_offers USING btree (user_id, currency, expires_at);

CREATE TABLE provider_sessions (
  id bigint NOT NULL DEFAULT nextval('provider_sessions_id_seq'::regclass),
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
ALTER TABLE provider_sessions ADD CONSTRAINT provider_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX provider_sessions_end_idx ON public.provider_sessions USING btree (LEAST(closed_at, expires_at));
CREATE INDEX provider_sessions_user_idx ON public.provider_sessions USING btree (user_id) WHERE (closed_at IS NULL);

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
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_amount_check CHECK ((amount >= 0));
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_kind_check CHECK ((kind = ANY (ARRAY['bet'::text, 'win'::text, 'rollback'::text])));
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_pkey PRIMARY KEY (provider, transaction_id);
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_tx_id_fkey FOREIGN KEY (tx_id) REFERENCES ledger_transactions(id);
ALTER TABLE provider_transactions ADD CONSTRAINT provider_transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX provider_transactions_created_idx ON public.provider_transactions USING btree (created_at);
CREATE INDEX provider_transactions_open_idx ON public.provider_transactions USING btree (session_id) WHERE ((kind = 'bet'::text) AND (state = 'open'::text));
CREATE INDEX provider_transactions_reference_idx ON public.provider_transactions USING btree (provider, reference_id) WHERE (reference_id IS NOT NULL);
CREATE INDEX provider_transactions_round_idx ON public.provider_transactions USING btree (provider, round_id, user_id);
CREATE INDEX provider_transactions_user_idx ON public.provider_transactions USING btree (user_id, created_at DESC);

CREATE TABLE psp_sandbox_cob_revisions (
  txid text NOT NULL,
  revisao integer NOT NULL,
  status text NOT NULL,
  valor bigint NOT NULL,
  chave text NOT NULL,
  solicitacao text,
  expiracao integer NOT NULL,
  devedor jsonb,
  info_adicionais jsonb,
  revised_at timestamp with time zone NOT NULL
);
ALTER TABLE psp_sandbox_cob_revisions ADD CONSTRAINT psp_sandbox_cob_revisions_pkey PRIMARY KEY (txid, revisao);
ALTER TABLE psp_sandbox_cob_revisions ADD CONSTRAINT psp_sandbox_cob_revisions_revisao_check CHECK ((revisao >= 0));
ALTER TABLE psp_sandbox_cob_revisions ADD CONSTRAINT psp_sandbox_cob_revisions_txid_fkey FOREIGN KEY (txid) REFERENCES psp_sandbox_cobs(txid) ON DELETE CASCADE;

CREATE TABLE psp_sandbox_cobs (
  txid text NOT NULL,
  revisao integer NOT NULL,
  status text NOT NULL,
  valor bigint NOT NULL,
  chave text NOT NULL,
  solicitacao text,
  expiracao integer NOT NULL,
  criacao timestamp with time zone NOT NULL,
  loc_id bigint NOT NULL DEFAULT nextval('psp_sandbox_cobs_loc_id_seq'::regclass),
  location text NOT NULL,
  br_code text NOT NULL,
  devedor jsonb,
  info_adicionais jsonb
);
ALTER TABLE psp_sandbox_cobs ADD CONSTRAINT psp_sandbox_cobs_pkey PRIMARY KEY (txid);

CREATE TABLE psp_sandbox_pix (
  e2e_id text NOT NULL,
  txid text,
  valor bigint NOT NULL,
  chave text NOT NULL,
  horario timestamp with time zone NOT NULL,
  pagador_cpf text,
  pagador_nome text
);
ALTER TABLE psp_sandbox_pix ADD CONSTRAINT psp_sandbox_pix_pkey PRIMARY KEY (e2e_id);
CREATE INDEX psp_sandbox_pix_time_idx ON public.psp_sandbox_pix USING btree (horario);

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

CREATE TABLE psp_sandbox_webhooks (
  chave text NOT NULL,
  url text NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE psp_sandbox_webhooks ADD CONSTRAINT psp_sandbox_webhooks_pkey PRIMARY KEY (chave);

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
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_amount_check CHECK ((amount >= 0));
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_base_check CHECK ((base >= 0));
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_beneficiary_fkey FOREIGN KEY (beneficiary) REFERENCES users(id);
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_level_check CHECK (((level >= 1) AND (level <= 3)));
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_pkey PRIMARY KEY (beneficiary, referee, day);
ALTER TABLE referral_commissions ADD CONSTRAINT referral_commissions_referee_fkey FOREIGN KEY (referee) REFERENCES users(id);
CREATE INDEX referral_commissions_day_idx ON public.referral_commissions USING btree (beneficiary, day);
CREATE INDEX referral_commissions_level_idx ON public.referral_commissions USING btree (beneficiary, level);

CREATE TABLE referral_days (
  day date NOT NULL,
  paid_at timestamp with time zone NOT NULL
);
ALTER TABLE referral_days ADD CONSTRAINT referral_days_pkey PRIMARY KEY (day);

CREATE TABLE rg_blocks (
  id bigint NOT NULL DEFAULT nextval('rg_blocks_id_seq'::regclass),
  user_id bigint NOT NULL,
  kind text NOT NULL,
  starts_at timestamp with time zone NOT NULL,
  ends_at timestamp with time zone
);
ALTER TABLE rg_blocks ADD CONSTRAINT rg_blocks_check CHECK (((kind = 'exclusion'::text) OR (ends_at IS NOT NULL)));
ALTER TABLE rg_blocks ADD CONSTRAINT rg_blocks_check1 CHECK (((ends_at IS NULL) OR (ends_at > starts_at)));
ALTER TABLE rg_blocks ADD CONSTRAINT rg_blocks_kind_check CHECK ((kind = ANY (ARRAY['pause'::text, 'exclusion'::text])));
ALTER TABLE rg_blocks ADD CONSTRAINT rg_blocks_pkey PRIMARY KEY (id);
ALTER TABLE rg_blocks ADD CONSTRAINT rg_blocks_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX rg_blocks_user ON public.rg_blocks USING btree (user_id);

CREATE TABLE rg_limits (
  user_id bigint NOT NULL,
  kind text NOT NULL,
  period text NOT NULL,
  value bigint,
  pending_value bigint,
  pending_at timestamp with time zone,
  updated_at timestamp with time zone NOT NULL
);
ALTER TABLE rg_limits ADD CONSTRAINT rg_limits_check CHECK (((pending_value IS NULL) OR (pending_at IS NOT NULL)));
ALTER TABLE rg_limits ADD CONSTRAINT rg_limits_check1 CHECK (((kind = ANY (ARRAY['deposit'::text, 'loss'::text])) OR (period = 'day'::text)));
ALTER TABLE rg_limits ADD CONSTRAINT rg_limits_kind_check CHECK ((kind = ANY (ARRAY['deposit'::text, 'loss'::text, 'stake'::text, 'time'::text])));
ALTER TABLE rg_limits ADD CONSTRAINT rg_limits_pending_value_check CHECK ((pending_value > 0));
ALTER TABLE rg_limits ADD CONSTRAINT rg_limits_period_check CHECK ((period = ANY (ARRAY['day'::text, 'week'::text, 'month'::text])));
ALTER TABLE rg_limits ADD CONSTRAINT rg_limits_pkey PRIMARY KEY (user_id, kind, period);
ALTER TABLE rg_limits ADD CONSTRAINT rg_limits_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
ALTER TABLE rg_limits ADD CONSTRAINT rg_limits_value_check CHECK ((value > 0));

CREATE TABLE rg_marked_days (
  day date NOT NULL,
  marked_at timestamp with time zone NOT NULL,
  markers integer NOT NULL
);
ALTER TABLE rg_marked_days ADD CONSTRAINT rg_marked_days_pkey PRIMARY KEY (day);

CREATE TABLE rg_markers (
  user_id bigint NOT NULL,
  day date NOT NULL,
  marker text NOT NULL,
  strength integer NOT NULL
);
ALTER TABLE rg_markers ADD CONSTRAINT rg_markers_marker_check CHECK ((marker = ANY (ARRAY['night_play'::text, 'rising_deposits'::text, 'deposit_after_loss'::text, 'withdrawal_cancelled'::text, 'limits_raised'::text])));
ALTER TABLE rg_markers ADD CONSTRAINT rg_markers_pkey PRIMARY KEY (user_id, day, marker);
ALTER TABLE rg_markers ADD CONSTRAINT rg_markers_strength_check CHECK ((strength > 0));
ALTER TABLE rg_markers ADD CONSTRAINT rg_markers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX rg_markers_day ON public.rg_markers USING btree (day);

CREATE TABLE rg_reality (
  user_id bigint NOT NULL,
  minutes integer NOT NULL,
  session_started_at timestamp with time zone,
  answered_at timestamp with time zone
);
ALTER TABLE rg_reality ADD CONSTRAINT rg_reality_minutes_check CHECK ((minutes = ANY (ARRAY[15, 30, 60])));
ALTER TABLE rg_reality ADD CONSTRAINT rg_reality_pkey PRIMARY KEY (user_id);
ALTER TABLE rg_reality ADD CONSTRAINT rg_reality_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE round_bets (
  id bigint NOT NULL DEFAULT nextval('round_bets_id_seq'::regclass),
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
ALTER TABLE round_bets ADD CONSTRAINT round_bets_amount_check CHECK ((amount > 0));
ALTER TABLE round_bets ADD CONSTRAINT round_bets_check CHECK (((from_cash + from_bonus) = amount));
ALTER TABLE round_bets ADD CONSTRAINT round_bets_from_bonus_check CHECK ((from_bonus >= 0));
ALTER TABLE round_bets ADD CONSTRAINT round_bets_from_cash_check CHECK ((from_cash >= 0));
ALTER TABLE round_bets ADD CONSTRAINT round_bets_pkey PRIMARY KEY (id);
ALTER TABLE round_bets ADD CONSTRAINT round_bets_round_pk_fkey FOREIGN KEY (round_pk) REFERENCES rounds(id);
ALTER TABLE round_bets ADD CONSTRAINT round_bets_state_check CHECK ((state = ANY (ARRAY['open'::text, 'won'::text, 'lost'::text, 'refunded'::text])));
CREATE INDEX round_bets_round_idx ON public.round_bets USING btree (round_pk, user_id);
CREATE INDEX round_bets_user_idx ON public.round_bets USING btree (user_id, id DESC);

CREATE TABLE round_chain_checkpoints (
  chain_id bigint NOT NULL,
  idx integer NOT NULL,
  hash text NOT NULL
);
ALTER TABLE round_chain_checkpoints ADD CONSTRAINT round_chain_checkpoints_chain_id_fkey FOREIGN KEY (chain_id) REFERENCES round_chains(id);
ALTER TABLE round_chain_checkpoints ADD CONSTRAINT round_chain_checkpoints_hash_check CHECK ((hash ~ '^[0-9a-f]{64}$'::text));
ALTER TABLE round_chain_checkpoints ADD CONSTRAINT round_chain_checkpoints_pkey PRIMARY KEY (chain_id, idx);

CREATE TABLE round_chain_seeds (
  chain_id bigint NOT NULL,
  user_id bigint NOT NULL,
  seq bigint NOT NULL DEFAULT nextval('round_chain_seeds_seq_seq'::regclass),
  seed text NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE round_chain_seeds ADD CONSTRAINT round_chain_seeds_chain_id_fkey FOREIGN KEY (chain_id) REFERENCES round_chains(id);
ALTER TABLE round_chain_seeds ADD CONSTRAINT round_chain_seeds_pkey PRIMARY KEY (chain_id, user_id);

CREATE TABLE round_chains (
  id bigint NOT NULL DEFAULT nextval('round_chains_id_seq'::regclass),
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
ALTER TABLE round_chains ADD CONSTRAINT round_chains_checkpoint_every_check CHECK ((checkpoint_every >= 1));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_length_check CHECK ((length >= 2));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_pkey PRIMARY KEY (id);
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_check CHECK ((salt ~ '^[0-9a-f]{64}$'::text));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_fixed CHECK (((salt IS NULL) = (salt_fixed_at IS NULL)));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_method_check CHECK ((salt_method = ANY (ARRAY['server'::text, 'seeds'::text, 'public'::text])));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_seeds_check CHECK ((salt_seeds >= 1));
ALTER TABLE round_chains ADD CONSTRAINT round_chains_terminating_hash_check CHECK ((terminating_hash ~ '^[0-9a-f]{64}$'::text));
CREATE UNIQUE INDEX round_chains_one_live ON public.round_chains USING btree (game) WHERE (used_up_at IS NULL);

CREATE TABLE rounds (
  id bigint NOT NULL DEFAULT nextval('rounds_id_seq'::regclass),
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
ALTER TABLE rounds ADD CONSTRAINT rounds_chain_id_fkey FOREIGN KEY (chain_id) REFERENCES round_chains(id);
ALTER TABLE rounds ADD CONSTRAINT rounds_chain_id_seq_key UNIQUE (chain_id, seq);
ALTER TABLE rounds ADD CONSTRAINT rounds_check CHECK (((phase = 'settled'::text) = (roll IS NOT NULL)));
ALTER TABLE rounds ADD CONSTRAINT rounds_game_round_id_key UNIQUE (game, round_id);
ALTER TABLE rounds ADD CONSTRAINT rounds_hash_check CHECK ((hash ~ '^[0-9a-f]{64}$'::text));
ALTER TABLE rounds ADD CONSTRAINT rounds_phase_check CHECK ((phase = ANY (ARRAY['betting'::text, 'drawing'::text, 'settled'::text, 'void'::text])));
ALTER TABLE rounds ADD CONSTRAINT rounds_pkey PRIMARY KEY (id);
ALTER TABLE rounds ADD CONSTRAINT rounds_seq_check CHECK ((seq >= 1));
CREATE INDEX rounds_closed_idx ON public.rounds USING btree (game, id DESC) WHERE (phase = ANY (ARRAY['settled'::text, 'void'::text]));
CREATE UNIQUE INDEX rounds_one_open ON public.rounds USING btree (game) WHERE (phase = ANY (ARRAY['betting'::text, 'drawing'::text]));

CREATE TABLE schema_functions (
  file text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE schema_functions ADD CONSTRAINT schema_functions_pkey PRIMARY KEY (file);

CREATE TABLE schema_migrations (
  version integer NOT NULL,
  name text NOT NULL,
  applied_at timestamp with time zone NOT NULL DEFAULT now(),
  checksum text
);
ALTER TABLE schema_migrations ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

CREATE TABLE sessions (
  id bigint NOT NULL DEFAULT nextval('sessions_id_seq'::regclass),
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
ALTER TABLE sessions ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id);
CREATE INDEX sessions_user_open_idx ON public.sessions USING btree (user_id, last_seen_at DESC) WHERE (revoked_at IS NULL);

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
ALTER TABLE signin_claims ADD CONSTRAINT signin_claims_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE socket_io_attachments (
  id bigint NOT NULL DEFAULT nextval('socket_io_attachments_id_seq'::regclass),
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
ALTER TABLE sport_bet_legs ADD CONSTRAINT sport_bet_legs_bet_id_fkey FOREIGN KEY (bet_id) REFERENCES sport_bets(id);
ALTER TABLE sport_bet_legs ADD CONSTRAINT sport_bet_legs_odds_check CHECK ((odds >= 1000));
ALTER TABLE sport_bet_legs ADD CONSTRAINT sport_bet_legs_pkey PRIMARY KEY (bet_id, leg);
CREATE INDEX sport_bet_legs_open_idx ON public.sport_bet_legs USING btree (match_id) WHERE (result IS NULL);

CREATE TABLE sport_bets (
  id bigint NOT NULL DEFAULT nextval('sport_bets_id_seq'::regclass),
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
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_amount_check CHECK ((amount > 0));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_from_bonus_check CHECK ((from_bonus >= 0));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_from_cash_check CHECK ((from_cash >= 0));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_payout_check CHECK ((payout >= 0));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_pkey PRIMARY KEY (id);
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_status_check CHECK ((status = ANY (ARRAY[0, 9999])));
ALTER TABLE sport_bets ADD CONSTRAINT sport_bets_type_check CHECK ((type = ANY (ARRAY['single'::text, 'parlay'::text])));
CREATE INDEX sport_bets_open_idx ON public.sport_bets USING btree (id) WHERE (status = 0);
CREATE INDEX sport_bets_user_idx ON public.sport_bets USING btree (user_id, id DESC);

CREATE TABLE sport_match_payouts (
  user_id bigint NOT NULL,
  match_id text NOT NULL,
  potential bigint NOT NULL
);
ALTER TABLE sport_match_payouts ADD CONSTRAINT sport_match_payouts_pkey PRIMARY KEY (user_id, match_id);
ALTER TABLE sport_match_payouts ADD CONSTRAINT sport_match_payouts_potential_check CHECK ((potential >= 0));
ALTER TABLE sport_match_payouts ADD CONSTRAINT sport_match_payouts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE sport_results (
  match_id text NOT NULL,
  outcome jsonb NOT NULL,
  settled_at timestamp with time zone NOT NULL
);
ALTER TABLE sport_results ADD CONSTRAINT sport_results_pkey PRIMARY KEY (match_id);

CREATE TABLE sport_secret (
  id smallint NOT NULL,
  secret bytea NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE sport_secret ADD CONSTRAINT sport_secret_id_check CHECK ((id = 1));
ALTER TABLE sport_secret ADD CONSTRAINT sport_secret_pkey PRIMARY KEY (id);
ALTER TABLE sport_secret ADD CONSTRAINT sport_secret_secret_check CHECK ((octet_length(secret) = 32));

CREATE TABLE transfers (
  id bigint NOT NULL DEFAULT nextval('transfers_id_seq'::regclass),
  from_user bigint NOT NULL,
  to_user bigint NOT NULL,
  amount bigint NOT NULL,
  tx_id bigint NOT NULL,
  created_at timestamp with time zone NOT NULL
);
ALTER TABLE transfers ADD CONSTRAINT transfers_amount_check CHECK ((amount > 0));
ALTER TABLE transfers ADD CONSTRAINT transfers_check CHECK ((from_user <> to_user));
ALTER TABLE transfers ADD CONSTRAINT transfers_from_user_fkey FOREIGN KEY (from_user) REFERENCES users(id);
ALTER TABLE transfers ADD CONSTRAINT transfers_pkey PRIMARY KEY (id);
ALTER TABLE transfers ADD CONSTRAINT transfers_to_user_fkey FOREIGN KEY (to_user) REFERENCES users(id);
ALTER TABLE transfers ADD CONSTRAINT transfers_tx_id_fkey FOREIGN KEY (tx_id) REFERENCES ledger_transactions(id);
CREATE INDEX transfers_from_idx ON public.transfers USING btree (from_user, created_at);
CREATE INDEX transfers_to_idx ON public.transfers USING btree (to_user, created_at);

CREATE TABLE users (
  id bigint NOT NULL DEFAULT nextval('users_id_seq'::regclass),
  email text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT ''::text,
  card_no text NOT NULL DEFAULT ''::text,
  country text NOT NULL DEFAULT ''::text,
  phone text NOT NULL DEFAULT ''::text,
  header smallint NOT NULL DEFAULT 0,
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
  disabled_at timestamp with time zone,
  birth_date date,
  gender text,
  address jsonb,
  registered_ip text,
  terms_version text,
  terms_accepted_at timestamp with time zone,
  disabled_reason text
);
ALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE (email);
ALTER TABLE users ADD CONSTRAINT users_gender_check CHECK ((gender = ANY (ARRAY['F'::text, 'M'::text, 'O'::text, 'N'::text])));
ALTER TABLE users ADD CONSTRAINT users_header_check CHECK (((header >= 0) AND (header <= 35)));
ALTER TABLE users ADD CONSTRAINT users_inviter_id_fkey FOREIGN KEY (inviter_id) REFERENCES users(id);
ALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE users ADD CONSTRAINT users_test_owner_id_fkey FOREIGN KEY (test_owner_id) REFERENCES users(id);
ALTER TABLE users ADD CONSTRAINT users_uid_key UNIQUE (uid);
ALTER TABLE users ADD CONSTRAINT users_uid_range CHECK (((uid >= 10000000) AND (uid <= '9999999999'::bigint)));
ALTER TABLE users ADD CONSTRAINT users_yqm_key UNIQUE (yqm);
CREATE INDEX users_inviter_idx ON public.users USING btree (inviter_id);
CREATE UNIQUE INDEX users_one_test_account ON public.users USING btree (test_owner_id) WHERE (test_owner_id IS NOT NULL);
CREATE TRIGGER users_kyc_final BEFORE UPDATE OF kyc, name, card_no ON public.users FOR EACH ROW EXECUTE FUNCTION users_kyc_final();

CREATE TABLE vip_awards (
  user_id bigint NOT NULL,
  level smallint NOT NULL,
  award bigint NOT NULL,
  reached_at timestamp with time zone NOT NULL,
  credited_at timestamp with time zone,
  tx_id bigint
);
ALTER TABLE vip_awards ADD CONSTRAINT vip_awards_award_check CHECK ((award > 0));
ALTER TABLE vip_awards ADD CONSTRAINT vip_awards_pkey PRIMARY KEY (user_id, level);
ALTER TABLE vip_awards ADD CONSTRAINT vip_awards_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX vip_awards_pending_idx ON public.vip_awards USING btree (reached_at) WHERE (credited_at IS NULL);

CREATE TABLE vip_levels (
  level smallint NOT NULL,
  award bigint NOT NULL,
  pay_min bigint NOT NULL,
  game_min bigint NOT NULL
);
ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_award_check CHECK ((award >= 0));
ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_game_min_check CHECK ((game_min >= 0));
ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_pay_min_check CHECK ((pay_min >= 0));
ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_pkey PRIMARY KEY (level);

CREATE TABLE vip_progress (
  user_id bigint NOT NULL,
  pay_sum bigint NOT NULL DEFAULT 0,
  game_sum bigint NOT NULL DEFAULT 0,
  level smallint NOT NULL DEFAULT 0,
  seen_level smallint NOT NULL DEFAULT 0
);
ALTER TABLE vip_progress ADD CONSTRAINT vip_progress_game_sum_check CHECK ((game_sum >= 0));
ALTER TABLE vip_progress ADD CONSTRAINT vip_progress_pay_sum_check CHECK ((pay_sum >= 0));
ALTER TABLE vip_progress ADD CONSTRAINT vip_progress_pkey PRIMARY KEY (user_id);
ALTER TABLE vip_progress ADD CONSTRAINT vip_progress_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE TABLE wager_days (
  user_id bigint NOT NULL,
  day date NOT NULL,
  counted bigint NOT NULL DEFAULT 0
);
ALTER TABLE wager_days ADD CONSTRAINT wager_days_counted_check CHECK ((counted >= 0));
ALTER TABLE wager_days ADD CONSTRAINT wager_days_pkey PRIMARY KEY (user_id, day);
ALTER TABLE wager_days ADD CONSTRAINT wager_days_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
CREATE INDEX wager_days_day_idx ON public.wager_days USING btree (day);

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
ALTER TABLE withdraw_cards ADD CONSTRAINT withdraw_cards_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

CREATE SEQUENCE casino_bets_id_seq;
CREATE SEQUENCE fair_seeds_id_seq;
CREATE SEQUENCE ledger_accounts_id_seq;
CREATE SEQUENCE ledger_entries_id_seq;
CREATE SEQUENCE ledger_transactions_id_seq;
CREATE SEQUENCE notices_id_seq;
CREATE SEQUENCE operator_sessions_id_seq;
CREATE SEQUENCE operators_id_seq;
CREATE SEQUENCE ops_audit_id_seq;
CREATE SEQUENCE orders_id_seq;
CREATE SEQUENCE player_notes_id_seq;
CREATE SEQUENCE price_packages_id_seq;
CREATE SEQUENCE promo_offers_id_seq;
CREATE SEQUENCE provider_sessions_id_seq;
CREATE SEQUENCE psp_sandbox_cobs_loc_id_seq;
CREATE SEQUENCE rg_blocks_id_seq;
CREATE SEQUENCE round_bets_id_seq;
CREATE SEQUENCE round_chain_seeds_seq_seq;
CREATE SEQUENCE round_chains_id_seq;
CREATE SEQUENCE rounds_id_seq;
CREATE SEQUENCE sessions_id_seq;
CREATE SEQUENCE socket_io_attachments_id_seq;
CREATE SEQUENCE sport_bets_id_seq;
CREATE SEQUENCE transfers_id_seq;
CREATE SEQUENCE users_id_seq;

CREATE OR REPLACE FUNCTION public.casino_mines_json(b casino_bets, s fair_seeds)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT jsonb_build_object('id', b.id::text, 'amount', b.amount::text, 'mines', b.mines, 'revealed', b.revealed,
    'multiplier', b.multiplier::text, 'nonce', b.nonce, 'createdAt', (extract(epoch FROM b.created_at) * 1000)::bigint::text,
    'serverSeed', s.server_seed, 'serverSeedHash', s.server_seed_hash, 'clientSeed', s.client_seed)
$function$;

CREATE OR REPLACE FUNCTION public.casino_mines_move(p jsonb)
 RETURNS casino_move
 LANGUAGE plpgsql
AS $function$
DECLARE
  u bigint := (p->>'u')::bigint;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_payout bigint := COALESCE((p->>'payout')::bigint, 0);
  b casino_bets;
  s fair_seeds;
  ended boolean;
  m casino_move;
BEGIN
  SELECT * INTO b FROM casino_bets WHERE user_id = u AND game = 'mines' AND state = 'active' FOR UPDATE;
  IF NOT FOUND THEN
    m.code := 'NO_ACTIVE_GAME';
    RETURN m;
  END IF;
  IF b.id <> (p->>'bet')::bigint OR b.revealed <> (p->'seen') THEN
    SELECT * INTO s FROM fair_seeds WHERE id = b.seed_id;
    m.code := 'STALE';
    m.stale := casino_mines_json(b, s);
    RETURN m;
  END IF;
  IF p->>'op' = 'cashout' THEN
    IF jsonb_array_length(b.revealed) = 0 THEN
      m.code := 'CASHOUT_NEEDS_GEM';
      RETURN m;
    END IF;
    ended := true;
  ELSE
    IF b.revealed @> to_jsonb((p->>'tile')::int) THEN
      m.code := 'TILE_REVEALED';
      RETURN m;
    END IF;
    ended := (p->>'end')::boolean;
  END IF;
  UPDATE casino_bets SET
      revealed = CASE WHEN p->>'op' = 'reveal' THEN p->'revealed' ELSE revealed END,
      multiplier = CASE WHEN p->>'op' = 'reveal' THEN (p->>'mult')::bigint ELSE multiplier END,
      state = CASE WHEN NOT ended THEN 'active' WHEN v_payout > 0 THEN 'won' ELSE 'lost' END,
      payout = v_payout,
      settled_at = CASE WHEN ended THEN v_at END
    WHERE id = b.id;
  IF ended THEN
    PERFORM wallet_credit_win(u, v_payout, 'casino:' || b.id, v_at, b.from_cash, b.from_bonus, 'win', jsonb_build_object('game', 'mines'));
    DELETE FROM open_game_locks WHERE user_id = u AND ref = 'casino:' || b.id;
    PERFORM wallet_count_wager(u, (p->>'counted')::bigint, b.created_at, v_at);
  END IF;
  SELECT w.balance, w.version INTO m.balance, m.version FROM wallet_balance(u) w;
  SELECT usr.is_test INTO m.is_test FROM users usr WHERE usr.id = u;
  m.code := 'OK';
  m.bet_id := b.id;
  RETURN m;
END
$function$;

CREATE OR REPLACE FUNCTION public.casino_new_bet(p jsonb)
 RETURNS casino_move
 LANGUAGE plpgsql
AS $function$
DECLARE
  u bigint := (p->>'u')::bigint;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_stake bigint := (p->>'stake')::bigint;
  instant boolean := p->>'op' = 'instant';
  v_payout bigint := CASE WHEN p->>'op' = 'instant' THEN (p->>'payout')::bigint END;
  game text := CASE WHEN p->>'op' = 'instant' THEN p->>'g' ELSE 'mines' END;
  s fair_seeds;
  bid bigint;
  w record;
  m casino_move;
BEGIN
  IF NOT instant AND EXISTS (SELECT 1 FROM casino_bets WHERE user_id = u AND casino_bets.game = 'mines' AND state = 'active') THEN
    m.code := 'GAME_IN_PROGRESS';
    RETURN m;
  END IF;
  -- Takes the expected nonce of the expected pair (a concurrent move of the pair is waited for,
  -- then seen); else the pair as it stands.
  UPDATE fair_seeds SET nonce = nonce + 1
    WHERE user_id = u AND active AND id = (p->>'seed')::bigint AND nonce = (p->>'nonce')::int
    RETURNING * INTO s;
  IF NOT FOUND THEN
    SELECT * INTO s FROM fair_seeds WHERE user_id = u AND active;
    m.code := 'STALE';
    m.stale := CASE WHEN s.id IS NULL THEN NULL ELSE casino_seed_json(s) END;
    RETURN m;
  END IF;
  bid := nextval('casino_bets_id_seq');
  SELECT * INTO w FROM wallet_bet(u, v_stake, v_payout, 'casino:' || bid, v_at, (p->>'day')::date, jsonb_build_object('game', game), (p->>'bonusMax')::bigint);
  m.code := w.code;
  IF w.code <> 'OK' THEN
    -- A refused stake takes no nonce.
    UPDATE fair_seeds SET nonce = nonce - 1 WHERE id = s.id;
    RETURN m;
  END IF;
  INSERT INTO casino_bets (id, user_id, game, seed_id, nonce, amount, target, condition, outcome, mines, state, multiplier, payout,
      from_cash, from_bonus, created_at, settled_at)
    VALUES (bid, u, game, s.id, s.nonce - 1, v_stake, (p->>'target')::int, p->>'cond', (p->>'outcome')::int, (p->>'mines')::smallint,
      CASE WHEN NOT instant THEN 'active' WHEN v_payout > 0 THEN 'won' ELSE 'lost' END,
      CASE WHEN instant THEN (p->>'mult')::bigint ELSE 10000 END, COALESCE(v_payout, 0), w.from_cash, w.from_bonus, v_at,
      CASE WHEN instant THEN v_at END);
  IF instant THEN
    IF (p->>'counted')::bigint > 0 AND wallet_count_wager(u, (p->>'counted')::bigint, v_at, v_at) > 0 THEN
      SELECT b.balance, b.version INTO w.balance, w.version FROM wallet_balance(u) b;
    END IF;
  ELSE
    INSERT INTO open_game_locks (user_id, ref, created_at) VALUES (u, 'casino:' || bid, v_at);
  END IF;
  m.bet_id := bid;
  m.balance := w.balance;
  m.version := w.version;
  m.is_test := w.is_test;
  m.day_total := w.day_total;
  RETURN m;
END
$function$;

CREATE OR REPLACE FUNCTION public.casino_play(p jsonb)
 RETURNS casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  u bigint := (p->>'u')::bigint;
  k text := p->>'k';
  v_day date := (p->>'day')::date;
  stored idempotency_keys;
  m casino_move;
  r casino_reply;
  parts jsonb := p->'parts';
BEGIN
  SELECT * INTO stored FROM idempotency_keys WHERE user_id = u AND key = k;
  IF FOUND THEN
    IF stored.request_hash <> p->>'h' THEN
      r.code := 'REUSED';
    ELSE
      r.code := 'REPLAY';
      r.http := stored.http_status;
      r.body := stored.response;
    END IF;
    RETURN r;
  END IF;
  CASE p->>'op'
    WHEN 'instant', 'start' THEN m := casino_new_bet(p);
    WHEN 'reveal', 'cashout' THEN m := casino_mines_move(p);
    ELSE RAISE EXCEPTION 'unknown casino move %', p->>'op';
  END CASE;
  r.code := m.code;
  r.stale := m.stale;
  IF m.code <> 'OK' THEN
    RETURN r;
  END IF;
  r.bet_id := m.bet_id;
  r.balance := m.balance;
  r.version := m.version;
  r.is_test := m.is_test;
  r.day_total := m.day_total;
  r.http := 200;
  r.body := (parts->>0) || m.bet_id::text || (parts->>1) || reais_json(r.balance) || (parts->>2) || r.version::text || (parts->>3);
  INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at)
    VALUES (u, k, p->>'h', 200, r.body, (p->>'at')::timestamptz) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Another process stored this key since the check above: this whole batch is retried.
    RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'idempotency key taken by a concurrent request';
  END IF;
  -- What the nudges need (none reach play money).
  IF NOT r.is_test THEN
    SELECT EXISTS (SELECT 1 FROM boost_offers o WHERE o.user_id = u AND o.day = v_day),
        r.balance < (p->>'low')::bigint AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u AND o.type = 10 AND o.status = '10'),
        COALESCE(r.day_total, (SELECT d.staked FROM play_days d WHERE d.user_id = u AND d.day = v_day), 0)
      INTO r.offered, r.paid, r.day_total;
  END IF;
  RETURN r;
END
$function$;

CREATE OR REPLACE FUNCTION public.casino_play_batch(p jsonb)
 RETURNS SETOF casino_reply
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  cand int[];
  bets casino_set_bet[];
  staked wallet_staked[];
  released bigint[] := '{}';
  released_balance bigint[] := '{}';
  released_version bigint[] := '{}';
  rel record;
  rel_balance bigint;
  rel_version bigint;
  set_n int[];
  set_r casino_reply[];
  stored bigint;
  slow_n int[] := '{}';
  slow_r casino_reply[] := '{}';
  item record;
BEGIN
  -- Every account any move of the batch may post to, first and all at once (wallet_lock_players):
  -- the moves played one at a time below then take no account lock of their own.
  PERFORM wallet_lock_players(ARRAY(SELECT DISTINCT (e->>'u')::bigint FROM jsonb_array_elements(p) e));

  -- The candidates: dice and limbo bets, one per player in the batch, with a new key, whose seed
  -- pair and nonce are as Node expected; their seeds locked (in id order).
  SELECT array_agg(c.n ORDER BY c.n) INTO cand FROM (
    SELECT m.n, m.u FROM (
      SELECT e.n::int AS n, e.v, (e.v->>'u')::bigint AS u, count(*) OVER (PARTITION BY e.v->>'u') AS moves
      FROM jsonb_array_elements(p) WITH ORDINALITY AS e(v, n)
    ) m
    JOIN fair_seeds f ON f.user_id = m.u AND f.active AND f.id = (m.v->>'seed')::bigint AND f.nonce = (m.v->>'nonce')::int
    WHERE m.moves = 1 AND m.v->>'op' = 'instant'
      AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = m.u AND k.key = m.v->>'k')
    ORDER BY f.id FOR NO KEY UPDATE OF f
  ) c;

  IF cand IS NOT NULL THEN
    -- The bets that cash alone pays (so that wallet_bets cannot refuse them: no bonus, or a stake
    -- within the bonus stake limit) and no protection of the player refuses, with the bet ids they take.
    SELECT array_agg(ROW(b.n, b.u, b.v->>'k', b.v->>'h', (b.v->>'at')::timestamptz, (b.v->>'day')::date, b.v->>'g', b.stake, b.payout,
        (b.v->>'target')::int, b.v->>'cond', (b.v->>'outcome')::int, (b.v->>'mult')::bigint, (b.v->>'counted')::bigint,
        (b.v->>'seed')::bigint, (b.v->>'nonce')::int, (b.v->>'low')::bigint, b.v->'parts', b.is_test,
        nextval('casino_bets_id_seq'), (b.v->>'bonusMax')::bigint
      )::casino_set_bet ORDER BY b.n) INTO bets
    FROM (
      SELECT e.n::int AS n, e.v, (e.v->>'u')::bigint AS u, (e.v->>'stake')::bigint AS stake, (e.v->>'payout')::bigint AS payout,
        cash.balance AS cash, bonus.balance AS bonus, usr.is_test
      FROM jsonb_array_elements(p) WITH ORDINALITY AS e(v, n)
      JOIN users usr ON usr.id = (e.v->>'u')::bigint
      JOIN ledger_accounts cash ON cash.user_id = usr.id AND cash.kind = 'cash'
      JOIN ledger_accounts bonus ON bonus.user_id = usr.id AND bonus.kind = 'bonus'
      WHERE e.n = ANY (cand)
      ORDER BY e.n
    ) b
    WHERE b.stake > 0 AND b.payout >= 0 AND b.stake <= b.cash AND (b.stake <= (b.v->>'bonusMax')::bigint OR b.bonus = 0)
      -- Nor a player's own protection (read after the lock above): a bet it refuses plays alone.
      AND (NOT rg_watched(b.u) OR rg_refusal(b.u, b.stake, (b.v->>'at')::timestamptz) IS NULL);
  END IF;

  IF bets IS NOT NULL THEN
    UPDATE fair_seeds f SET nonce = f.nonce + 1 FROM unnest(bets) b WHERE f.id = b.seed;
    -- The stakes and wins: wallet_bets, as for a single move.
    SELECT array_agg(w ORDER BY w.n) INTO staked FROM wallet_bets(ARRAY(
      SELECT ROW(b.n, b.u, b.stake, b.payout, 'casino:' || b.bid, b.at, b.day, jsonb_build_object('game', b.g), b.bonus_max)::wallet_stake
      FROM unnest(bets) b ORDER BY b.n)) w;
    IF EXISTS (SELECT 1 FROM unnest(staked) w WHERE w.code <> 'OK') THEN
      RAISE EXCEPTION 'a batched bet was refused by wallet_bets: its selection above lets through only what cash pays';
    END IF;
    INSERT INTO casino_bets (id, user_id, game, seed_id, nonce, amount, target, condition, outcome, state, multiplier, payout,
        from_cash, from_bonus, created_at, settled_at)
      SELECT b.bid, b.u, b.g, b.seed, b.nonce, b.stake, b.target, b.cond, b.outcome, CASE WHEN b.payout > 0 THEN 'won' ELSE 'lost' END,
        b.mult, b.payout, w.from_cash, w.from_bonus, b.at, b.at
      FROM unnest(bets) b JOIN unnest(staked) w ON w.n = b.n ORDER BY b.n;

    -- The counted part of each stake, as for a single move; a met requirement releases the bonus,
    -- and the reply then carries the balance after it.
    FOR rel IN
      SELECT c.user_id, c.released FROM wallet_count_wagers(
        ARRAY(SELECT b.u FROM unnest(bets) b ORDER BY b.n), ARRAY(SELECT b.counted FROM unnest(bets) b ORDER BY b.n),
        ARRAY(SELECT b.at FROM unnest(bets) b ORDER BY b.n), ARRAY(SELECT b.at FROM unnest(bets) b ORDER BY b.n)) c
      WHERE c.released > 0
    LOOP
      SELECT x.balance, x.version INTO rel_balance, rel_version FROM wallet_balance(rel.user_id) x;
      released := released || rel.user_id;
      released_balance := released_balance || rel_balance;
      released_version := released_version || rel_version;
    END LOOP;

    -- The replies (Node's text around the bet id, balance and version), stored under their keys,
    -- with what the nudges need (none reach play money).
    WITH r AS (
      SELECT b.n, b.u, b.k, b.h, b.at, b.day, b.parts, b.is_test, b.low, b.bid, s.day_total AS total,
        COALESCE(w.balance, s.balance) AS balance, COALESCE(w.version, s.version) AS version
      FROM unnest(bets) b
      JOIN unnest(staked) s ON s.n = b.n
      LEFT JOIN unnest(released, released_balance, released_version) AS w(u, balance, version) ON w.u = b.u
    ), body AS (
      SELECT r.*, (r.parts->>0) || r.bid::text || (r.parts->>1) || reais_json(r.balance) || (r.parts->>2) || r.version::text || (r.parts->>3) AS reply
      FROM r
    ), ins AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at)
        SELECT body.u, body.k, body.h, 200, body.reply, body.at FROM body ON CONFLICT DO NOTHING
        RETURNING 1
    )
    SELECT array_agg(body.n ORDER BY body.n),
      array_agg(ROW('OK', 200, body.reply, body.bid, NULL, body.balance, body.version, body.is_test, body.total,
        CASE WHEN NOT body.is_test THEN EXISTS (SELECT 1 FROM boost_offers o WHERE o.user_id = body.u AND o.day = body.day) END,
        CASE WHEN NOT body.is_test THEN body.balance < body.low AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = body.u AND o.type = 10 AND o.status = '10') END
      )::casino_reply ORDER BY body.n),
      (SELECT count(*) FROM ins)
      INTO set_n, set_r, stored
    FROM body;
    IF stored <> cardinality(bets) THEN
      -- Another process stored one of these keys since the check above: this whole batch is retried.
      RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'idempotency key taken by a concurrent request';
    END IF;
  END IF;

  -- Every other move, one at a time, in arrival order.
  FOR item IN
    SELECT e.n::int AS n, e.v FROM jsonb_array_elements(p) WITH ORDINALITY AS e(v, n)
    WHERE set_n IS NULL OR NOT e.n::int = ANY (set_n) ORDER BY e.n
  LOOP
    slow_n := slow_n || item.n;
    slow_r := slow_r || casino_play(item.v);
  END LOOP;

  RETURN QUERY
    SELECT (x.r).* FROM (
      SELECT set_n[i] AS n, set_r[i] AS r FROM generate_subscripts(set_n, 1) AS i
      UNION ALL
      SELECT slow_n[i], slow_r[i] FROM generate_subscripts(slow_n, 1) AS i
    ) x ORDER BY x.n;
END
$function$;

CREATE OR REPLACE FUNCTION public.casino_seed_json(s fair_seeds)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT jsonb_build_object('id', s.id::text, 'serverSeed', s.server_seed,
    'serverSeedHash', s.server_seed_hash, 'clientSeed', s.client_seed, 'nonce', s.nonce)
$function$;

CREATE OR REPLACE FUNCTION public.house_account(p_user bigint, OUT account_id bigint, OUT is_test boolean)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  SELECT a.id, u.is_test INTO account_id, is_test FROM users u
    JOIN ledger_accounts a ON a.user_id IS NULL AND a.kind = CASE WHEN u.is_test THEN 'play_house' ELSE 'house' END AND a.shard = u.id % 16
  WHERE u.id = p_user;
END
$function$;

CREATE OR REPLACE FUNCTION public.ledger_accounts_kept()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ledger accounts are never deleted';
END
$function$;

CREATE OR REPLACE FUNCTION public.ledger_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bad bigint;
BEGIN
  SELECT tx_id INTO bad FROM new_entries GROUP BY tx_id HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', bad;
  END IF;
  SELECT n.account_id INTO bad FROM new_entries n WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = n.account_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry names account %, which does not exist', bad USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.ops_audit_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ops_audit is append-only: % refused', TG_OP;
END
$function$;

CREATE OR REPLACE FUNCTION public.play_days_returned(p_user bigint, p_amount bigint, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO play_days AS d (user_id, day, staked, returned) VALUES (p_user, (p_at AT TIME ZONE 'America/Sao_Paulo')::date, 0, p_amount)
    ON CONFLICT (user_id, day) DO UPDATE SET returned = d.returned + EXCLUDED.returned
$function$;

CREATE OR REPLACE FUNCTION public.play_idle_gap()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT interval '10 minutes'
$function$;

CREATE OR REPLACE FUNCTION public.play_session_at(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(started_at timestamp with time zone, last_play_at timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT d.session_started_at, d.last_play_at FROM play_days d
  WHERE d.user_id = p_user AND d.day >= (p_at AT TIME ZONE 'America/Sao_Paulo')::date - 1
    AND d.last_play_at >= p_at - play_idle_gap() AND d.last_play_at <= p_at
  ORDER BY d.day DESC LIMIT 1
$function$;

CREATE OR REPLACE FUNCTION public.play_sums(p_user bigint, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(product text, staked bigint, returned bigint)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT split_part(t.ref, ':', 1),
    COALESCE(sum(-e.amount) FILTER (WHERE t.kind = 'bet'), 0)::bigint,
    COALESCE(sum(e.amount) FILTER (WHERE t.kind <> 'bet'), 0)::bigint
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.tx_id = t.id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('cash', 'bonus')
  WHERE t.user_id = p_user AND t.kind IN ('bet', 'win', 'refund', 'correction')
    AND t.created_at >= p_from AND t.created_at < p_to
    AND split_part(t.ref, ':', 1) IN ('casino', 'round', 'sport', 'provider')
  GROUP BY 1
$function$;

CREATE OR REPLACE FUNCTION public.provider_answer(p_status text, p_user bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN jsonb_build_object('status', p_status, 'balance', (SELECT b.balance FROM wallet_balance(p_user) b));
END
$function$;

CREATE OR REPLACE FUNCTION public.provider_repeat(seen provider_transactions, p_op text, p_hash text, p_user bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  IF seen.kind = 'bet' AND seen.state = 'void' THEN
    RETURN provider_answer('TRANSACTION_ROLLED_BACK', p_user);
  END IF;
  IF seen.kind = p_op AND seen.request_hash = p_hash THEN
    RETURN seen.reply;
  END IF;
  RETURN provider_answer('DUPLICATE_TRANSACTION', p_user);
END
$function$;

CREATE OR REPLACE FUNCTION public.provider_wallet(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_op text := p->>'op';
  v_prov text := p->>'provider';
  v_at timestamptz := (p->>'at')::timestamptz;
  v_tx text := p->>'tx';
  v_ref_tx text := p->>'refTx';
  v_round text := p->>'round';
  v_hash text := p->>'hash';
  s record;
  uid bigint;
  placed provider_transactions;
  placed_found boolean;
  seen provider_transactions;
  b record;
  v_amt bigint;
  v_ref text := 'provider:' || v_prov || ':' || (p->>'tx');
  v_meta jsonb := jsonb_build_object('game', v_prov || ':' || (p->>'game'), 'round', p->>'round');
  v_moved bigint;
  v_counted bigint;
  v_reply jsonb;
  v_ended timestamptz;
  v_stake bigint;
  v_won bigint;
BEGIN
  SELECT ps.id, ps.user_id, ps.game, ps.expires_at, ps.closed_at, u.disabled_at, u.uid INTO s
    FROM provider_sessions ps JOIN users u ON u.id = ps.user_id
    WHERE ps.token_hash = p->>'tokenHash' AND ps.provider = v_prov;
  -- An aggregator that names the player (Hub88's `user`, our uid): another player's token is unknown.
  IF NOT FOUND OR ((p->>'uid') IS NOT NULL AND (p->>'uid') <> s.uid::text) THEN
    RETURN jsonb_build_object('status', 'INVALID_TOKEN');
  END IF;
  uid := s.user_id;
  -- Wins and rollbacks are taken after the token expired or closed; balance and bet are not.
  IF v_op IN ('balance', 'bet') AND NOT (s.closed_at IS NULL AND s.expires_at > v_at) THEN
    RETURN provider_answer('TOKEN_EXPIRED', uid);
  END IF;
  IF s.disabled_at IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'USER_DISABLED');
  END IF;
  IF (p->>'currencyOk')::boolean IS FALSE THEN
    RETURN provider_answer('WRONG_CURRENCY', uid);
  END IF;
  IF v_op <> 'balance' AND (p->>'game') IS DISTINCT FROM s.game THEN
    RETURN provider_answer('INVALID_GAME', uid);
  END IF;
  IF (p->>'selfRef')::boolean IS TRUE THEN
    RETURN provider_answer('DUPLICATE_TRANSACTION', uid);
  END IF;
  IF v_op = 'balance' THEN
    RETURN provider_answer('OK', uid);
  END IF;

  IF v_op = 'bet' THEN
    v_amt := (p->>'amount')::bigint;
    -- The id is taken first: a second call with it waits here for this one, then finds it.
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, state, request_hash, reply, created_at, session_id)
      VALUES (v_prov, v_tx, 'bet', uid, p->>'game', v_round, v_amt, 'open', v_hash, '{}', v_at, s.id) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT * INTO seen FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_tx;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'a provider transaction vanished';
      END IF;
      RETURN provider_repeat(seen, 'bet', v_hash, uid);
    END IF;
    IF v_amt = 0 THEN
      v_reply := jsonb_build_object('status', 'OK', 'balance', (SELECT wb.balance FROM wallet_balance(uid) wb), 'transactionId', '0-' || v_tx);
      UPDATE provider_transactions t SET reply = v_reply WHERE t.provider = v_prov AND t.transaction_id = v_tx;
      RETURN v_reply || jsonb_build_object('moved', 0);
    END IF;
    SELECT * INTO b FROM wallet_bet(uid, v_amt, NULL, v_ref, v_at, (p->>'day')::date, v_meta, (p->>'bonusMax')::bigint);
    IF b.code <> 'OK' THEN
      DELETE FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_tx;
      IF b.code = 'INSUFFICIENT_BALANCE' THEN
        RETURN provider_answer('NOT_ENOUGH_MONEY', uid);
      END IF;
      -- A limit the player set (rg_room): the provider's bet limit error; its game says so.
      IF b.code IN ('LIMIT_LOSS', 'LIMIT_STAKE', 'LIMIT_TIME') THEN
        RETURN provider_answer('BET_LIMIT', uid) || jsonb_build_object('message', 'player limit');
      END IF;
      -- A player paused or self-excluded (rg_block_at): disabled for the provider.
      IF b.code IN ('RG_PAUSED', 'RG_EXCLUDED') THEN
        RETURN provider_answer('USER_DISABLED', uid);
      END IF;
      IF b.code = 'BONUS_MAX_STAKE' THEN
        RETURN provider_answer('BET_LIMIT', uid) || jsonb_build_object('message', 'bonus max stake');
      END IF;
      RAISE EXCEPTION 'wallet_bet answered %', b.code;
    END IF;
    v_reply := jsonb_build_object('status', 'OK', 'balance', b.balance, 'transactionId', b.bet_tx::text);
    UPDATE provider_transactions t SET from_cash = b.from_cash, from_bonus = b.from_bonus, tx_id = b.bet_tx, reply = v_reply
      WHERE t.provider = v_prov AND t.transaction_id = v_tx;
    RETURN v_reply || jsonb_build_object('moved', v_amt);
  END IF;

  IF v_op NOT IN ('win', 'rollback') THEN
    RAISE EXCEPTION 'unknown wallet call %', v_op;
  END IF;
  IF v_op = 'win' THEN
    -- A win locks all its round's bets, in id order (the cap reads them all; two wins of one round
    -- take turns, and never wait on each other crosswise); a bet of another round is not locked:
    -- the win is refused below.
    SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
    IF FOUND AND placed.round_id = v_round THEN
      PERFORM 1 FROM provider_transactions t WHERE t.provider = v_prov AND t.round_id = v_round AND t.user_id = placed.user_id AND t.kind = 'bet'
        ORDER BY t.transaction_id FOR UPDATE;
      SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
    END IF;
  ELSE
    -- The bet first, locked: wins and rollbacks of one bet take turns, and each sees the ones before it.
    SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx FOR UPDATE;
  END IF;
  placed_found := FOUND;
  SELECT * INTO seen FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_tx;
  IF FOUND THEN
    RETURN provider_repeat(seen, v_op, v_hash, uid);
  END IF;

  IF v_op = 'win' THEN
    IF NOT placed_found OR placed.kind <> 'bet' OR placed.user_id <> uid OR placed.round_id IS DISTINCT FROM v_round
       OR (placed.session_id IS NOT NULL AND placed.session_id <> s.id) THEN
      RETURN provider_answer('TRANSACTION_NOT_FOUND', uid);
    END IF;
    IF placed.state IN ('void', 'rolled_back') THEN
      RETURN provider_answer('TRANSACTION_ROLLED_BACK', uid);
    END IF;
    -- The session's end (its close, or its expiry): the round's wins come within the settlement window of it.
    v_ended := LEAST(s.closed_at, s.expires_at);
    IF v_ended <= v_at AND v_at > v_ended + make_interval(secs => (p->>'settleSeconds')::double precision) THEN
      RETURN provider_answer('TOKEN_EXPIRED', uid) || jsonb_build_object('message', 'the settlement window has passed');
    END IF;
    IF (p->>'maxMult4') IS NULL THEN
      RETURN provider_answer('INVALID_GAME', uid) || jsonb_build_object('message', 'the game is not in the catalogue');
    END IF;
    v_amt := (p->>'amount')::bigint;
    SELECT COALESCE(sum(t.amount) FILTER (WHERE t.kind = 'bet' AND t.state IN ('open', 'settled')), 0),
           COALESCE(sum(t.amount) FILTER (WHERE t.kind = 'win'), 0)
      INTO v_stake, v_won
      FROM provider_transactions t WHERE t.provider = v_prov AND t.round_id = v_round AND t.user_id = uid;
    IF (v_won + v_amt)::numeric * 10000 > v_stake::numeric * (p->>'maxMult4')::numeric THEN
      RETURN provider_answer('BET_LIMIT', uid) || jsonb_build_object('message', 'the round''s wins would pass the game''s largest multiplier',
        'refused', jsonb_build_object('stake', v_stake, 'won', v_won));
    END IF;
    v_moved := wallet_credit_win(uid, v_amt, v_ref, v_at, placed.from_cash, placed.from_bonus, 'win', v_meta);
    IF placed.state = 'open' THEN
      UPDATE provider_transactions t SET state = 'settled' WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
      -- The round is over: its stake counts toward a gift's wagering, the VIP levels and referrals.
      v_counted := placed.amount * (p->>'slotPct')::bigint / 100;
      IF v_counted > 0 THEN
        PERFORM wallet_count_wager(uid, v_counted, placed.created_at, v_at);
      END IF;
    END IF;
    v_reply := jsonb_build_object('status', 'OK', 'balance', (SELECT wb.balance FROM wallet_balance(uid) wb), 'transactionId', COALESCE(v_moved::text, '0-' || v_tx));
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at, session_id)
      VALUES (v_prov, v_tx, 'win', uid, p->>'game', v_round, v_amt, v_ref_tx, 'done', v_moved, v_hash, v_reply, v_at, s.id);
    RETURN v_reply || jsonb_build_object('moved', v_amt);
  END IF;

  -- A rollback.
  IF NOT placed_found THEN
    -- Never seen: recorded as void, so the bet arriving late is refused.
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, state, request_hash, reply, created_at, session_id)
      VALUES (v_prov, v_ref_tx, 'bet', uid, p->>'game', v_round, 0, 'void', '', '{}', v_at, s.id) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      v_reply := provider_answer('TRANSACTION_NOT_FOUND', uid);
      INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at, session_id)
        VALUES (v_prov, v_tx, 'rollback', uid, p->>'game', v_round, 0, v_ref_tx, 'done', NULL, v_hash, v_reply, v_at, s.id);
      RETURN v_reply;
    END IF;
    -- The bet came meanwhile: rolled back as any other.
    SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx FOR UPDATE;
    placed_found := FOUND;
  END IF;
  IF NOT placed_found OR placed.kind <> 'bet' OR placed.user_id <> uid THEN
    RETURN provider_answer('TRANSACTION_NOT_FOUND', uid);
  END IF;
  IF placed.state = 'settled' THEN
    RETURN provider_answer('BET_ALREADY_SETTLED', uid);
  END IF;
  v_moved := NULL;
  IF placed.state = 'open' THEN
    v_moved := wallet_refund_stake(uid, placed.amount, placed.from_cash, placed.from_bonus, v_ref, v_meta, v_at);
    UPDATE provider_transactions t SET state = 'rolled_back' WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
  END IF;
  -- A bet rolled back already (under another rollback id): nothing more moves.
  v_reply := provider_answer('OK', uid);
  INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at, session_id)
    VALUES (v_prov, v_tx, 'rollback', uid, p->>'game', v_round, 0, v_ref_tx, 'done', v_moved, v_hash, v_reply, v_at, s.id);
  RETURN v_reply || jsonb_build_object('moved', CASE WHEN v_moved IS NULL THEN 0 ELSE placed.amount END);
END
$function$;

CREATE OR REPLACE FUNCTION public.reais_json(c bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN c < 0 THEN '-' ELSE '' END || (abs(c) / 100)::text ||
    CASE WHEN abs(c) % 100 = 0 THEN '' WHEN abs(c) % 10 = 0 THEN '.' || ((abs(c) % 100) / 10)::text
    ELSE '.' || lpad((abs(c) % 100)::text, 2, '0') END
$function$;

CREATE OR REPLACE FUNCTION public.rg_block_at(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(kind text, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT b.kind, b.ends_at FROM rg_blocks b
  WHERE b.user_id = p_user AND b.starts_at <= p_at AND (b.ends_at IS NULL OR b.ends_at > p_at)
  ORDER BY b.ends_at DESC NULLS FIRST, b.kind = 'exclusion' DESC
  LIMIT 1
$function$;

CREATE OR REPLACE FUNCTION public.rg_deposits_used(p_user bigint, p_at timestamp with time zone, p_period text)
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT COALESCE(sum(COALESCE(o.paid_amount, o.amount)), 0)::bigint FROM orders o
  WHERE o.user_id = p_user AND o.type = 10 AND (o.status = '10' OR (o.status = '00' AND o.expires_at > p_at))
    AND o.created_at >= (
      date_trunc(CASE p_period WHEN 'day' THEN 'day' WHEN 'week' THEN 'week' ELSE 'month' END, (p_at AT TIME ZONE 'America/Sao_Paulo'))
      AT TIME ZONE 'America/Sao_Paulo')
$function$;

CREATE OR REPLACE FUNCTION public.rg_limits_at(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(kind text, period text, value bigint, pending_value bigint, pending_at timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT l.kind, l.period,
    CASE WHEN l.pending_at <= p_at THEN l.pending_value ELSE l.value END,
    CASE WHEN l.pending_at <= p_at THEN NULL ELSE l.pending_value END,
    CASE WHEN l.pending_at <= p_at THEN NULL ELSE l.pending_at END
  FROM rg_limits l WHERE l.user_id = p_user
$function$;

CREATE OR REPLACE FUNCTION public.rg_mark_day(p_day date)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_from timestamptz := ((p_day - 6)::timestamp AT TIME ZONE 'America/Sao_Paulo');
  v_to timestamptz := ((p_day + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo');
  v_rows integer;
BEGIN
  DELETE FROM rg_markers WHERE day = p_day;
  WITH bets AS (
    SELECT t.user_id, count(*) AS n,
      count(*) FILTER (WHERE extract(hour FROM t.created_at AT TIME ZONE 'America/Sao_Paulo') < 6) AS night
    FROM ledger_transactions t
    WHERE t.kind = 'bet' AND t.created_at >= v_from AND t.created_at < v_to AND t.user_id IS NOT NULL
    GROUP BY t.user_id
  ), deposits AS (
    SELECT o.user_id,
      count(*) FILTER (WHERE o.closed_at >= v_from) AS week,
      count(*) FILTER (WHERE o.closed_at < v_from) AS before
    FROM orders o
    WHERE o.type = 10 AND o.status = '10' AND o.closed_at >= v_from - interval '21 days' AND o.closed_at < v_to
    GROUP BY o.user_id
  ), chasing AS (
    SELECT o.user_id, count(*) AS n FROM orders o
    JOIN play_days d ON d.user_id = o.user_id AND d.day = (o.created_at AT TIME ZONE 'America/Sao_Paulo')::date AND d.staked > d.returned
    WHERE o.type = 10 AND o.status = '10' AND o.created_at >= v_from AND o.created_at < v_to
      AND EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.user_id = o.user_id AND t.kind = 'bet'
        AND t.created_at BETWEEN o.created_at - interval '30 minutes' AND o.created_at)
    GROUP BY o.user_id
  ), cancelled AS (
    SELECT o.user_id, count(*) AS n FROM orders o
    WHERE o.type = 11 AND o.status = '01' AND o.close_reason = 'cancelled' AND o.closed_at >= v_from AND o.closed_at < v_to
    GROUP BY o.user_id
  ), raised AS (
    SELECT l.user_id, count(*) AS n FROM rg_limits l
    WHERE l.pending_at IS NOT NULL AND l.updated_at >= v_from AND l.updated_at < v_to
    GROUP BY l.user_id
  ), found AS (
    SELECT user_id, 'night_play' AS marker, night::integer AS strength FROM bets WHERE n >= 20 AND night * 2 >= n
    UNION ALL
    SELECT user_id, 'rising_deposits', week::integer FROM deposits WHERE week >= 3 AND week * 3 >= 2 * before
    UNION ALL
    SELECT user_id, 'deposit_after_loss', n::integer FROM chasing WHERE n >= 2
    UNION ALL
    SELECT user_id, 'withdrawal_cancelled', n::integer FROM cancelled
    UNION ALL
    SELECT user_id, 'limits_raised', n::integer FROM raised
  )
  INSERT INTO rg_markers (user_id, day, marker, strength)
    SELECT f.user_id, p_day, f.marker, f.strength FROM found f JOIN users u ON u.id = f.user_id AND NOT u.is_test;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  INSERT INTO rg_marked_days (day, marked_at, markers) VALUES (p_day, now(), v_rows)
    ON CONFLICT (day) DO UPDATE SET marked_at = EXCLUDED.marked_at, markers = EXCLUDED.markers;
  RETURN v_rows;
END
$function$;

CREATE OR REPLACE FUNCTION public.rg_play_used(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(period text, loss bigint, stake bigint, "time" bigint, open boolean)
 LANGUAGE sql
 STABLE
AS $function$
  WITH b AS (
    SELECT t.today, date_trunc('week', t.today)::date AS week, date_trunc('month', t.today)::date AS month
    FROM (SELECT (p_at AT TIME ZONE 'America/Sao_Paulo')::date AS today) t
  ), a AS (
    SELECT
      COALESCE(sum(d.staked - d.returned) FILTER (WHERE d.day = b.today), 0)::bigint AS day_loss,
      COALESCE(sum(d.staked) FILTER (WHERE d.day = b.today), 0)::bigint AS day_stake,
      COALESCE(sum(d.staked - d.returned) FILTER (WHERE d.day >= b.week), 0)::bigint AS week_loss,
      COALESCE(sum(d.staked) FILTER (WHERE d.day >= b.week), 0)::bigint AS week_stake,
      COALESCE(sum(d.staked - d.returned) FILTER (WHERE d.day >= b.month), 0)::bigint AS month_loss,
      COALESCE(sum(d.staked) FILTER (WHERE d.day >= b.month), 0)::bigint AS month_stake,
      COALESCE(max(d.played_s) FILTER (WHERE d.day = b.today), 0)::bigint AS played,
      max(d.last_play_at) FILTER (WHERE d.day = b.today) AS last_play_at
    FROM b LEFT JOIN play_days d ON d.user_id = p_user AND d.day BETWEEN LEAST(b.week, b.month) AND b.today
  ), o AS (
    SELECT a.*, COALESCE(a.last_play_at BETWEEN p_at - play_idle_gap() AND p_at, false) AS open FROM a
  )
  SELECT x.period, x.loss, x.stake, x.time, x.open FROM o
  CROSS JOIN LATERAL (VALUES
    ('day', o.day_loss, o.day_stake, o.played + CASE WHEN o.open THEN extract(epoch FROM p_at - o.last_play_at)::bigint ELSE 0 END, o.open),
    ('week', o.week_loss, o.week_stake, NULL::bigint, NULL::boolean),
    ('month', o.month_loss, o.month_stake, NULL::bigint, NULL::boolean)
  ) AS x(period, loss, stake, time, open)
$function$;

CREATE OR REPLACE FUNCTION public.rg_refusal(p_user bigint, p_stake bigint, p_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT COALESCE(
    (SELECT CASE b.kind WHEN 'pause' THEN 'RG_PAUSED' ELSE 'RG_EXCLUDED' END FROM rg_block_at(p_user, p_at) b),
    (SELECT 'LIMIT_' || upper(x.kind) FROM rg_room(p_user, p_at) x
      -- A stake adds to the day's time the pause since the last one when the session is open
      -- (already counted in its use), else its first minute.
      WHERE (x.kind = 'time' AND x.room < CASE WHEN x.open THEN 0 ELSE 60 END)
        OR (x.kind IN ('loss', 'stake') AND p_stake > x.room)
      ORDER BY x.kind = 'time' DESC, x.room, x.kind LIMIT 1)
  )
$function$;

CREATE OR REPLACE FUNCTION public.rg_room(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(kind text, period text, value bigint, used bigint, room bigint, open boolean)
 LANGUAGE sql
 STABLE
AS $function$
  WITH l AS (SELECT * FROM rg_limits_at(p_user, p_at) x WHERE x.value IS NOT NULL),
  p AS (SELECT * FROM rg_play_used(p_user, p_at) WHERE EXISTS (SELECT 1 FROM l WHERE l.kind <> 'deposit'))
  SELECT l.kind, l.period, v.value, u.used, v.value - u.used, p.open
  FROM l
  LEFT JOIN p ON p.period = l.period
  CROSS JOIN LATERAL (SELECT CASE l.kind WHEN 'time' THEN l.value * 60 ELSE l.value END AS value) v
  CROSS JOIN LATERAL (SELECT CASE l.kind
      WHEN 'deposit' THEN rg_deposits_used(p_user, p_at, l.period)
      WHEN 'loss' THEN p.loss WHEN 'stake' THEN p.stake WHEN 'time' THEN p.time END AS used) u
  WHERE u.used IS NOT NULL
$function$;

CREATE OR REPLACE FUNCTION public.rg_used(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(period text, deposit bigint, loss bigint, stake bigint, "time" bigint)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT p.period, rg_deposits_used(p_user, p_at, p.period), p.loss, p.stake, p.time
  FROM rg_play_used(p_user, p_at) p
$function$;

CREATE OR REPLACE FUNCTION public.rg_watched(p_user bigint)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = p_user) OR EXISTS (SELECT 1 FROM rg_blocks b WHERE b.user_id = p_user)
$function$;

CREATE OR REPLACE FUNCTION public.round_bet(p_user bigint, p_game text, p_round_id text, p_choice text, p_stake bigint, p_at timestamp with time zone, p_day date, p_bonus_max bigint, p_max_bets integer, p_max_payout bigint, p_pays bigint[], OUT code text, OUT bet_id bigint, OUT balance bigint, OUT version bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  r rounds;
  w record;
  mine integer;
  next_exposure bigint[];
  worst bigint;
BEGIN
  SELECT * INTO r FROM rounds WHERE game = p_game AND round_id = p_round_id FOR NO KEY UPDATE;
  IF NOT FOUND OR r.phase <> 'betting' OR p_at >= r.betting_ends_at THEN
    code := 'ROUND_CLOSED';
    RETURN;
  END IF;
  SELECT count(*) INTO mine FROM round_bets WHERE round_pk = r.id AND user_id = p_user;
  IF mine >= p_max_bets THEN
    code := 'ROUND_MAX_BETS';
    RETURN;
  END IF;
  SELECT array_agg(COALESCE(r.exposure[i], 0) + p ORDER BY i), max(COALESCE(r.exposure[i], 0) + p)
    INTO next_exposure, worst
    FROM unnest(p_pays) WITH ORDINALITY AS x(p, i);
  IF worst IS NULL OR worst > p_max_payout THEN
    code := 'ROUND_MAX_PAYOUT';
    RETURN;
  END IF;
  bet_id := nextval('round_bets_id_seq');
  SELECT * INTO w FROM wallet_bet(p_user, p_stake, NULL, 'round:' || bet_id, p_at, p_day, jsonb_build_object('game', p_game), p_bonus_max);
  code := w.code;
  IF w.code <> 'OK' THEN
    bet_id := NULL;
    RETURN;
  END IF;
  INSERT INTO round_bets (id, round_pk, user_id, game, choice, amount, from_cash, from_bonus, state, created_at)
    VALUES (bet_id, r.id, p_user, p_game, p_choice, p_stake, w.from_cash, w.from_bonus, 'open', p_at);
  UPDATE rounds SET exposure = next_exposure WHERE id = r.id;
  balance := w.balance;
  version := w.version;
END
$function$;

CREATE OR REPLACE FUNCTION public.round_play(p jsonb)
 RETURNS casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  u bigint := (p->>'u')::bigint;
  k text := p->>'k';
  stored idempotency_keys;
  b record;
  r casino_reply;
  parts jsonb := p->'parts';
BEGIN
  SELECT * INTO stored FROM idempotency_keys WHERE user_id = u AND key = k;
  IF FOUND THEN
    IF stored.request_hash <> p->>'h' THEN
      r.code := 'REUSED';
    ELSE
      r.code := 'REPLAY';
      r.http := stored.http_status;
      r.body := stored.response;
    END IF;
    RETURN r;
  END IF;
  SELECT * INTO b FROM round_bet(u, p->>'g', p->>'round', p->>'choice', (p->>'stake')::bigint, (p->>'at')::timestamptz, (p->>'day')::date, (p->>'bonusMax')::bigint,
    (p->>'maxBets')::integer, (p->>'maxPayout')::bigint, ARRAY(SELECT x::bigint FROM jsonb_array_elements_text(p->'pays') AS x));
  r.code := b.code;
  IF b.code <> 'OK' THEN
    RETURN r;
  END IF;
  r.bet_id := b.bet_id;
  r.balance := b.balance;
  r.version := b.version;
  r.http := 200;
  r.body := (parts->>0) || b.bet_id::text || (parts->>1) || reais_json(b.balance) || (parts->>2) || b.version::text || (parts->>3);
  INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at)
    VALUES (u, k, p->>'h', 200, r.body, (p->>'at')::timestamptz) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Another process stored this key since the check above: the whole batch is retried.
    RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'idempotency key taken by a concurrent request';
  END IF;
  RETURN r;
END
$function$;

CREATE OR REPLACE FUNCTION public.round_play_batch(p jsonb)
 RETURNS SETOF casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  item jsonb;
BEGIN
  PERFORM 1 FROM rounds
    WHERE (game, round_id) IN (SELECT value->>'g', value->>'round' FROM jsonb_array_elements(p))
    ORDER BY game, round_id FOR NO KEY UPDATE;
  PERFORM wallet_lock_players(ARRAY(SELECT DISTINCT (e->>'u')::bigint FROM jsonb_array_elements(p) e));
  FOR item IN SELECT value FROM jsonb_array_elements(p) LOOP
    RETURN NEXT round_play(item);
  END LOOP;
END
$function$;

CREATE OR REPLACE FUNCTION public.sport_match_payouts_move(p_user bigint, p_bet bigint, p_sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_sign > 0 THEN
    INSERT INTO sport_match_payouts AS e (user_id, match_id, potential)
      SELECT p_user, l.match_id, b.potential * count(*) FROM sport_bet_legs l JOIN sport_bets b ON b.id = l.bet_id
      WHERE l.bet_id = p_bet GROUP BY l.match_id, b.potential
      ON CONFLICT (user_id, match_id) DO UPDATE SET potential = e.potential + EXCLUDED.potential;
  ELSE
    -- An UPDATE, not an upsert: a CHECK is tested on an upsert's proposed row, negative here.
    UPDATE sport_match_payouts e SET potential = e.potential - x.potential
      FROM (SELECT l.match_id, b.potential * count(*) AS potential FROM sport_bet_legs l JOIN sport_bets b ON b.id = l.bet_id
            WHERE l.bet_id = p_bet GROUP BY l.match_id, b.potential) x
      WHERE e.user_id = p_user AND e.match_id = x.match_id;
    DELETE FROM sport_match_payouts e WHERE e.user_id = p_user AND e.potential = 0
      AND e.match_id IN (SELECT l.match_id FROM sport_bet_legs l WHERE l.bet_id = p_bet);
  END IF;
END
$function$;

CREATE OR REPLACE FUNCTION public.sport_play(p jsonb)
 RETURNS casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  u bigint := (p->>'u')::bigint;
  k text := p->>'k';
  at timestamptz := (p->>'at')::timestamptz;
  stake bigint := (p->>'stake')::bigint;
  stored idempotency_keys;
  w record;
  id bigint;
  r casino_reply;
  parts jsonb := p->'parts';
  potential bigint := (p->>'potential')::bigint;
  held bigint;
BEGIN
  SELECT * INTO stored FROM idempotency_keys WHERE user_id = u AND key = k;
  IF FOUND THEN
    IF stored.request_hash <> p->>'h' THEN
      r.code := 'REUSED';
    ELSE
      r.code := 'REPLAY';
      r.http := stored.http_status;
      r.body := stored.response;
    END IF;
    RETURN r;
  END IF;
  -- A match settled (by the feed or by hand) takes no more bets, whatever the feed still shows.
  PERFORM 1 FROM sport_results WHERE match_id IN (SELECT jsonb_array_elements_text(p->'matches'));
  IF FOUND THEN
    r.code := 'NOT_OPEN';
    RETURN r;
  END IF;
  -- The most one player's open bets on one match may pay (SPORT_MAX_MATCH_PAYOUT), this one with
  -- them (sport_match_payouts): read under the player's account locks, which sport_play_batch takes
  -- before any bet (wallet_lock_players), so two bets racing each other are counted one after the other.
  SELECT max(e.potential) INTO held FROM sport_match_payouts e
    WHERE e.user_id = u AND e.match_id IN (SELECT jsonb_array_elements_text(p->'matches'));
  IF COALESCE(held, 0) + potential > (p->>'matchMax')::bigint THEN
    r.code := 'MATCH_LIMIT';
    RETURN r;
  END IF;
  id := nextval('sport_bets_id_seq');
  SELECT * INTO w FROM wallet_bet(u, stake, NULL, 'sport:' || id, at, (p->>'day')::date, jsonb_build_object('game', 'sport'), (p->>'bonusMax')::bigint);
  r.code := w.code;
  IF w.code <> 'OK' THEN
    RETURN r;
  END IF;
  INSERT INTO sport_bets (id, user_id, type, amount, from_cash, from_bonus, potential, created_at) VALUES (id, u, p->>'type', stake, w.from_cash, w.from_bonus, potential, at);
  INSERT INTO sport_bet_legs (bet_id, leg, match_id, market_id, selection_id, market_type, period, line_quarters, selection, odds)
    SELECT id, l.leg, l.match_id, l.market_id, l.selection_id, l.market_type, l.period, l.line_quarters, l.selection, l.odds
    FROM jsonb_to_recordset(p->'legs') AS l(leg smallint, match_id text, market_id text, selection_id text, market_type text, period smallint, line_quarters integer, selection text, odds integer);
  PERFORM sport_match_payouts_move(u, id, 1);
  r.bet_id := id;
  r.balance := w.balance;
  r.version := w.version;
  r.http := 200;
  r.body := (parts->>0) || id::text || (parts->>1) || reais_json(w.balance) || (parts->>2) || w.version::text || (parts->>3);
  INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at)
    VALUES (u, k, p->>'h', 200, r.body, at) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Another process stored this key since the check above: the whole batch is retried.
    RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'idempotency key taken by a concurrent request';
  END IF;
  RETURN r;
END
$function$;

CREATE OR REPLACE FUNCTION public.sport_play_batch(p jsonb)
 RETURNS SETOF casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  item jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('sport-match:' || m.id))
    FROM (SELECT DISTINCT jsonb_array_elements_text(i->'matches') AS id FROM jsonb_array_elements(p) i ORDER BY 1) m;
  PERFORM wallet_lock_players(ARRAY(SELECT DISTINCT (e->>'u')::bigint FROM jsonb_array_elements(p) e));
  FOR item IN SELECT value FROM jsonb_array_elements(p) LOOP
    RETURN NEXT sport_play(item);
  END LOOP;
END
$function$;

CREATE OR REPLACE FUNCTION public.user_info_json(p_user bigint, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  r jsonb;
BEGIN
  SELECT to_jsonb(x) INTO r FROM (WITH l1 AS (SELECT id FROM users WHERE inviter_id = p_user),
          l2 AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM l1)),
          l3 AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM l2))
     SELECT u.id, u.uid, u.email, u.name, u.phone, u.country, COALESCE(vp.level, 0) AS level, u.header, u.yqm, u.created_at, u.is_test, u.test_password, u.kyc, u.lx,
       (SELECT COALESCE(SUM(balance), 0)::bigint FROM ledger_accounts WHERE user_id = u.id AND kind IN ('cash', 'bonus')) AS spendable,
       (SELECT v.version FROM wallet_balance(u.id) v) AS balance_version,
       (SELECT COALESCE(SUM(amount), 0)::bigint FROM orders WHERE user_id = u.id AND status = '10' AND type = 10) AS pay_sum,
       (SELECT COALESCE(SUM(amount), 0)::bigint FROM orders WHERE user_id = u.id AND status = '10' AND type = 11) AS wd_sum,
       (SELECT amount FROM orders WHERE user_id = u.id AND type = 10 AND status = '10' ORDER BY closed_at DESC, id DESC LIMIT 1) AS last_pay,
       vp.game_sum,
       (SELECT outstanding FROM cash_turnover WHERE user_id = u.id) AS turnover,
       (SELECT GREATEST(required - wagered, 0) FROM bonus_wagering WHERE user_id = u.id) AS wager_left,
       nxt.pay_min AS next_pay_min, nxt.game_min AS next_game_min,
       offer.pkg AS offer_pkg, offer.price AS offer_price, offer.gift AS offer_gift, offer.expires_at AS offer_expires,
       (SELECT count(*) FROM l1) AS l1, (SELECT count(*) FROM l2) AS l2, (SELECT count(*) FROM l3) AS l3,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 1) AS a1,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 2) AS a2,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 3) AS a3
     FROM users u
     LEFT JOIN vip_progress vp ON vp.user_id = u.id
     LEFT JOIN LATERAL (SELECT pay_min, game_min FROM vip_levels WHERE level <= COALESCE(vp.level, 0) + 1 ORDER BY level DESC LIMIT 1) nxt ON true
     LEFT JOIN LATERAL (
       SELECT p.id AS pkg, p.price, p.gift, o.expires_at FROM promo_offers o
       JOIN LATERAL (SELECT id, price, gift FROM price_packages WHERE currency = o.currency AND active AND gift > 0 ORDER BY gift::numeric / price DESC, sort, id LIMIT 1) p ON true
       WHERE o.user_id = u.id AND o.used_at IS NULL AND o.expires_at > p_now
         AND NOT EXISTS (SELECT 1 FROM orders d WHERE d.offer_id = o.id AND d.status IN ('00', '10'))
       ORDER BY p.gift::numeric / p.price DESC, o.expires_at LIMIT 1
     ) offer ON true
     WHERE u.id = p_user) x;
  RETURN r;
END
$function$;

CREATE OR REPLACE FUNCTION public.users_kyc_final()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.kyc = 1 AND (NEW.kyc <> 1 OR NEW.name IS DISTINCT FROM OLD.name OR NEW.card_no IS DISTINCT FROM OLD.card_no) THEN
    RAISE EXCEPTION 'the verified name and CPF of user % cannot change', OLD.id;
  END IF;
  RETURN NEW;
END
$function$;

CREATE OR REPLACE FUNCTION public.vip_add(p_user bigint, p_pay bigint, p_game bigint, p_at timestamp with time zone)
 RETURNS smallint
 LANGUAGE plpgsql
AS $function$
DECLARE
  lvl smallint;
BEGIN
  SELECT r.level INTO lvl FROM vip_adds(ARRAY[p_user], ARRAY[p_pay], ARRAY[p_game], ARRAY[p_at]) r;
  RETURN lvl;
END
$function$;

CREATE OR REPLACE FUNCTION public.vip_adds(p_users bigint[], p_pay bigint[], p_game bigint[], p_at timestamp with time zone[])
 RETURNS TABLE(user_id bigint, level smallint)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  INSERT INTO wager_days AS w (user_id, day, counted)
    SELECT x.u, (x.at AT TIME ZONE 'America/Sao_Paulo')::date, x.game FROM unnest(p_users, p_game, p_at) AS x(u, game, at)
    JOIN users usr ON usr.id = x.u
    WHERE x.game > 0 AND NOT usr.is_test AND usr.inviter_id IS NOT NULL
    ON CONFLICT ON CONSTRAINT wager_days_pkey DO UPDATE SET counted = w.counted + EXCLUDED.counted;
  RETURN QUERY
    WITH v AS (
      INSERT INTO vip_progress AS v (user_id, pay_sum, game_sum)
        SELECT x.u, x.pay, x.game FROM unnest(p_users, p_pay, p_game) AS x(u, pay, game)
        JOIN users usr ON usr.id = x.u
        WHERE (x.pay > 0 OR x.game > 0) AND NOT usr.is_test
        ON CONFLICT ON CONSTRAINT vip_progress_pkey DO UPDATE SET pay_sum = v.pay_sum + EXCLUDED.pay_sum, game_sum = v.game_sum + EXCLUDED.game_sum
        RETURNING v.*
    )
    SELECT v.user_id, vip_reach(v, x.at) FROM v JOIN unnest(p_users, p_at) AS x(u, at) ON x.u = v.user_id
      -- vip_reach only where a higher level is now reached (it would answer NULL for the rest).
      WHERE EXISTS (SELECT 1 FROM vip_levels l WHERE l.level > v.level AND l.pay_min <= v.pay_sum AND l.game_min <= v.game_sum);
END
$function$;

CREATE OR REPLACE FUNCTION public.vip_reach(pr vip_progress, p_at timestamp with time zone)
 RETURNS smallint
 LANGUAGE plpgsql
AS $function$
DECLARE
  lvl smallint;
BEGIN
  SELECT max(l.level) INTO lvl FROM vip_levels l WHERE l.pay_min <= pr.pay_sum AND l.game_min <= pr.game_sum;
  IF lvl IS NULL OR lvl <= pr.level THEN
    RETURN NULL;
  END IF;
  INSERT INTO vip_awards (user_id, level, award, reached_at)
    SELECT pr.user_id, l.level, l.award, p_at FROM vip_levels l WHERE l.level > pr.level AND l.level <= lvl AND l.award > 0
    ON CONFLICT DO NOTHING;
  UPDATE vip_progress SET level = lvl WHERE user_id = pr.user_id;
  RETURN lvl;
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_balance(p_user bigint, OUT balance bigint, OUT version bigint)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  SELECT COALESCE(sum(a.balance), 0)::bigint,
    COALESCE(max((SELECT max(e.id) FROM ledger_entries e WHERE e.account_id = a.id)), 0)::bigint
    INTO balance, version
  FROM ledger_accounts a WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus');
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_bet(p_user bigint, p_stake bigint, p_payout bigint, p_ref text, p_at timestamp with time zone, p_day date, p_meta jsonb, p_bonus_max bigint, OUT code text, OUT bet_tx bigint, OUT from_cash bigint, OUT from_bonus bigint, OUT balance bigint, OUT version bigint, OUT is_test boolean, OUT day_total bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT s.code, s.bet_tx, s.from_cash, s.from_bonus, s.balance, s.version, s.is_test, s.day_total
    INTO code, bet_tx, from_cash, from_bonus, balance, version, is_test, day_total
    FROM wallet_bets(ARRAY[ROW(1, p_user, p_stake, p_payout, p_ref, p_at, p_day, p_meta, p_bonus_max)::wallet_stake]) s;
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_bets(p wallet_stake[])
 RETURNS SETOF wallet_staked
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  rows wallet_posting[];
  placed int;
  ok int;
  players int;
  bad boolean;
  versions bigint[];
  version_u bigint[];
  day_u bigint[];
  day_total bigint[];
  refusal text;
BEGIN
  -- One statement reads the players' cash and bonus, locked in id order (the lock order of every
  -- posting), their house sub-accounts and open wagering, and decides each stake.
  WITH mine AS (
    SELECT a.id, a.user_id, a.kind, a.balance FROM ledger_accounts a
    WHERE a.user_id = ANY (ARRAY(SELECT b.u FROM unnest(p) b)) AND a.kind IN ('cash', 'bonus')
    ORDER BY a.id FOR NO KEY UPDATE
  ), c AS (
    SELECT b.n, b.u, b.stake, COALESCE(b.payout, 0) AS payout, b.ref, b.at, b.day, b.meta, b.bonus_max,
      cash.id AS cash_id, cash.balance AS cash, bonus.id AS bonus_id, bonus.balance AS bonus, h.account_id AS house, h.is_test,
      COALESCE(w.required > w.wagered, false) AS wagering_owed, COALESCE(w.required > 0, false) AS wagering
    FROM unnest(p) b
    JOIN mine cash ON cash.user_id = b.u AND cash.kind = 'cash'
    JOIN mine bonus ON bonus.user_id = b.u AND bonus.kind = 'bonus'
    CROSS JOIN LATERAL house_account(b.u) h
    LEFT JOIN bonus_wagering w ON w.user_id = b.u
  ), d AS (
    SELECT c.*, LEAST(c.stake, c.cash) AS from_cash, c.stake - LEAST(c.stake, c.cash) AS from_bonus,
      CASE WHEN c.stake > c.cash + c.bonus THEN 'INSUFFICIENT_BALANCE'
           WHEN c.stake > c.bonus_max AND c.bonus > 0 AND c.wagering_owed THEN 'BONUS_MAX_STAKE'
           ELSE 'OK' END AS code
    FROM c
  ), x AS (
    SELECT d.*, CASE WHEN d.payout > 0 AND d.from_bonus > 0 AND d.wagering THEN (d.payout * d.from_bonus) / d.stake ELSE 0 END AS to_bonus
    FROM d
  )
  SELECT array_agg(ROW(x.n, x.u, x.code, x.stake, x.payout, x.ref, x.at, x.day, x.meta, x.cash_id, x.bonus_id, x.house, x.is_test,
      x.from_cash, x.from_bonus, x.to_bonus, x.cash + x.bonus - x.stake + x.payout,
      CASE WHEN x.code = 'OK' THEN nextval('ledger_transactions_id_seq') END,
      CASE WHEN x.code = 'OK' AND x.payout > 0 THEN nextval('ledger_transactions_id_seq') END)::wallet_posting ORDER BY x.n),
    count(*), count(*) FILTER (WHERE x.code = 'OK'), count(DISTINCT x.u), bool_or(x.stake <= 0 OR x.payout < 0 OR x.house IS NULL)
    INTO rows, placed, ok, players, bad
  FROM x;
  IF placed <> cardinality(p) OR bad OR players <> placed THEN
    RAISE EXCEPTION 'wallet_bets takes one positive stake per player, with a win not negative, of players with cash, bonus and house accounts';
  END IF;

  -- Player protection (rg_refusal): a player paused or self-excluded bets nothing (RG_PAUSED,
  -- RG_EXCLUDED), and a stake that could take a loss limit (the stake counted as lost) or the day's
  -- stakes past what the player set, or any once the day's time limit is reached, is refused
  -- (LIMIT_LOSS, LIMIT_STAKE, LIMIT_TIME).
  -- Decided in a statement of its own, after the lock above, so it sees every earlier bet of the
  -- player committed: bets raced together cannot pass a limit between them.
  IF ok > 0 AND EXISTS (SELECT 1 FROM unnest(rows) r WHERE r.code = 'OK' AND rg_watched(r.u)) THEN
    FOR i IN 1 .. cardinality(rows) LOOP
      IF rows[i].code = 'OK' THEN
        refusal := rg_refusal(rows[i].u, rows[i].stake, rows[i].at);
        IF refusal IS NOT NULL THEN
          rows[i].code := refusal;
          ok := ok - 1;
        END IF;
      END IF;
    END LOOP;
  END IF;

  IF ok > 0 THEN
    -- Each account once, by its net amount: the players' first (the lock order), then each house
    -- sub-account by the sum of its stakes less its wins.
    UPDATE ledger_accounts a SET balance = a.balance + d.delta FROM (
      SELECT r.cash_id AS id, r.payout - r.to_bonus - r.from_cash AS delta FROM unnest(rows) r WHERE r.code = 'OK'
      UNION ALL
      SELECT r.bonus_id, r.to_bonus - r.from_bonus FROM unnest(rows) r WHERE r.code = 'OK'
      UNION ALL
      SELECT r.house, sum(r.stake - r.payout) FROM unnest(rows) r WHERE r.code = 'OK' GROUP BY r.house
    ) d WHERE a.id = d.id AND d.delta <> 0;
    INSERT INTO ledger_transactions (id, kind, ref, user_id, created_at, meta)
      SELECT t.id, t.kind, r.ref, r.u, r.at, t.meta FROM unnest(rows) r
      CROSS JOIN LATERAL (VALUES
        (1, r.bet_tx, 'bet', COALESCE(r.meta, '{}'::jsonb) || jsonb_build_object('fromCash', r.from_cash::text, 'fromBonus', r.from_bonus::text)),
        (2, r.win_tx, 'win', r.meta)) AS t(pos, id, kind, meta)
      WHERE t.id IS NOT NULL ORDER BY r.n, t.pos;
    -- Every stake's and win's entries in one statement (one balance check), in posting order; a
    -- player's last cash or bonus entry is the balance's new version.
    WITH e AS (
      INSERT INTO ledger_entries (tx_id, account_id, amount)
        SELECT x.tx, x.a, x.m FROM unnest(rows) r
        CROSS JOIN LATERAL (VALUES (1, r.bet_tx, r.house, r.stake), (2, r.bet_tx, r.cash_id, -r.from_cash), (3, r.bet_tx, r.bonus_id, -r.from_bonus),
          (4, r.win_tx, r.house, -r.payout), (5, r.win_tx, r.cash_id, r.payout - r.to_bonus), (6, r.win_tx, r.bonus_id, r.to_bonus)) AS x(pos, tx, a, m)
        WHERE r.code = 'OK' AND x.tx IS NOT NULL AND x.m <> 0 ORDER BY r.n, x.pos
        RETURNING id, account_id
    )
    SELECT array_agg(r.u), array_agg(v.version) INTO version_u, versions
      FROM (SELECT e.account_id, max(e.id) AS version FROM e GROUP BY e.account_id) v
      JOIN unnest(rows) r ON v.account_id IN (r.cash_id, r.bonus_id);
    UPDATE cash_turnover c SET outstanding = GREATEST(c.outstanding - r.stake, 0)
      FROM unnest(rows) r WHERE r.code = 'OK' AND c.user_id = r.u AND c.outstanding > 0;
    -- The day's stakes and returns, and its time played: a stake within play_idle_gap() of the
    -- last one adds the time between them and keeps its session, a later one adds a minute and
    -- starts a session (the first stake of a day carries on the night's session when it is still open).
    WITH d AS (
      INSERT INTO play_days AS d (user_id, day, staked, returned, played_s, last_play_at, session_started_at)
        SELECT r.u, r.day, r.stake, r.payout, 60, r.at,
          CASE WHEN r.at - (r.day::timestamp AT TIME ZONE 'America/Sao_Paulo') < play_idle_gap()
            THEN COALESCE((SELECT y.session_started_at FROM play_days y
              WHERE y.user_id = r.u AND y.day = r.day - 1 AND y.last_play_at >= r.at - play_idle_gap()), r.at)
            ELSE r.at END
        FROM unnest(rows) r WHERE r.code = 'OK'
        ON CONFLICT (user_id, day) DO UPDATE SET staked = d.staked + EXCLUDED.staked, returned = d.returned + EXCLUDED.returned,
          played_s = d.played_s + CASE WHEN d.last_play_at >= EXCLUDED.last_play_at - play_idle_gap()
            THEN GREATEST(extract(epoch FROM EXCLUDED.last_play_at - d.last_play_at), 0)::integer ELSE 60 END,
          session_started_at = CASE WHEN d.last_play_at >= EXCLUDED.last_play_at - play_idle_gap() THEN d.session_started_at ELSE EXCLUDED.session_started_at END,
          last_play_at = GREATEST(d.last_play_at, EXCLUDED.last_play_at)
        RETURNING d.user_id, d.staked
    ) SELECT array_agg(d.user_id), array_agg(d.staked) INTO day_u, day_total FROM d;
  END IF;

  RETURN QUERY
    SELECT r.n, r.code, r.bet_tx,
      CASE WHEN r.code = 'OK' THEN r.from_cash END, CASE WHEN r.code = 'OK' THEN r.from_bonus END,
      CASE WHEN r.code = 'OK' THEN r.balance END,
      v.version, r.is_test, d.total
    FROM unnest(rows) r
    LEFT JOIN (SELECT y.u, max(y.version) AS version FROM unnest(version_u, versions) AS y(u, version) GROUP BY y.u) v ON v.u = r.u
    LEFT JOIN unnest(day_u, day_total) AS d(u, total) ON d.u = r.u
    ORDER BY r.n;
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_count_wager(p_user bigint, p_counted bigint, p_placed_at timestamp with time zone, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  total bigint;
BEGIN
  IF p_counted <= 0 THEN
    RETURN 0;
  END IF;
  SELECT COALESCE(sum(r.released), 0) INTO total FROM wallet_count_wagers(ARRAY[p_user], ARRAY[p_counted], ARRAY[p_placed_at], ARRAY[p_at]) r;
  RETURN total;
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_count_wagers(p_users bigint[], p_counted bigint[], p_placed_at timestamp with time zone[], p_at timestamp with time zone[])
 RETURNS TABLE(user_id bigint, released bigint)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  PERFORM 1 FROM vip_adds(p_users, array_fill(0::bigint, ARRAY[cardinality(p_users)]), p_counted, p_at);
  -- The players' accounts are locked already (wallet_bets, or the settling path's own lock).
  RETURN QUERY
    WITH w AS (
      UPDATE bonus_wagering w SET wagered = w.wagered + x.c
        FROM unnest(p_users, p_counted, p_placed_at, p_at) AS x(u, c, placed_at, at)
        WHERE w.user_id = x.u AND x.c > 0 AND w.required > 0 AND (w.granted_at IS NULL OR w.granted_at <= x.placed_at)
        RETURNING w.user_id AS u, w.required, w.wagered, x.at
    )
    SELECT w.u, wallet_release_bonus(w.u, w.at) FROM w WHERE w.wagered >= w.required;
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_credit_win(p_user bigint, p_amount bigint, p_ref text, p_at timestamp with time zone, p_from_cash bigint, p_from_bonus bigint, p_kind text, p_meta jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  acc record;
  cash_id bigint;
  bonus_id bigint;
  to_bonus bigint := 0;
  house bigint;
  tx bigint;
BEGIN
  IF p_amount < 0 THEN
    RAISE EXCEPTION 'a win cannot be negative';
  END IF;
  IF p_amount = 0 THEN
    RETURN NULL;
  END IF;
  FOR acc IN SELECT a.id, a.kind FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; END IF;
  END LOOP;
  IF p_from_bonus > 0 AND EXISTS (SELECT 1 FROM bonus_wagering w WHERE w.user_id = p_user AND w.required > 0) THEN
    to_bonus := (p_amount * p_from_bonus) / (p_from_cash + p_from_bonus);
  END IF;
  SELECT h.account_id INTO house FROM house_account(p_user) h;
  IF p_amount - to_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + (p_amount - to_bonus) WHERE id = cash_id; END IF;
  IF to_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + to_bonus WHERE id = bonus_id; END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = house;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta)
    VALUES (p_kind, p_ref, p_user, p_at, p_meta) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount)
    SELECT tx, x.a, x.m FROM unnest(ARRAY[house, cash_id, bonus_id], ARRAY[-p_amount, p_amount - to_bonus, to_bonus]) WITH ORDINALITY AS x(a, m, n)
    WHERE x.m <> 0 ORDER BY x.n;
  -- What a bet paid back counts against the player's net loss (rg_room); a prize is no bet's return.
  IF p_kind = 'win' THEN
    PERFORM play_days_returned(p_user, p_amount, p_at);
  END IF;
  RETURN tx;
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_lock_players(p_users bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM ledger_accounts a WHERE a.user_id = ANY (p_users) AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE;
  PERFORM 1 FROM ledger_accounts a
    WHERE a.id IN (SELECT h.account_id FROM unnest(p_users) AS u(id) CROSS JOIN LATERAL house_account(u.id) h)
    ORDER BY a.id FOR NO KEY UPDATE;
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_refund_stake(p_user bigint, p_amount bigint, p_from_cash bigint, p_from_bonus bigint, p_ref text, p_meta jsonb, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  acc record;
  cash_id bigint;
  bonus_id bigint;
  house bigint;
  tx bigint;
BEGIN
  IF p_amount <= 0 THEN
    RETURN NULL;
  END IF;
  IF p_from_cash < 0 OR p_from_bonus < 0 OR p_from_cash + p_from_bonus <> p_amount THEN
    RAISE EXCEPTION 'a stake is paid by its cash and bonus parts';
  END IF;
  FOR acc IN SELECT a.id, a.kind FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; END IF;
  END LOOP;
  SELECT h.account_id INTO house FROM house_account(p_user) h;
  IF cash_id IS NULL OR bonus_id IS NULL OR house IS NULL THEN
    RAISE EXCEPTION 'user % has no cash, bonus or house account', p_user;
  END IF;
  IF p_from_cash > 0 THEN UPDATE ledger_accounts SET balance = balance + p_from_cash WHERE id = cash_id; END IF;
  IF p_from_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + p_from_bonus WHERE id = bonus_id; END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = house;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ('refund', p_ref, p_user, p_at, p_meta) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount)
    SELECT tx, x.a, x.m FROM unnest(ARRAY[house, cash_id, bonus_id], ARRAY[-p_amount, p_from_cash, p_from_bonus]) WITH ORDINALITY AS x(a, m, n)
    WHERE x.m <> 0 ORDER BY x.n;
  PERFORM play_days_returned(p_user, p_amount, p_at);
  RETURN tx;
END
$function$;

CREATE OR REPLACE FUNCTION public.wallet_release_bonus(p_user bigint, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  acc record;
  cash_id bigint;
  bonus_id bigint;
  bonus_left bigint := 0;
  tx bigint;
BEGIN
  UPDATE bonus_wagering SET required = 0, wagered = 0 WHERE user_id = p_user;
  FOR acc IN SELECT a.id, a.kind, a.balance FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; bonus_left := acc.balance; END IF;
  END LOOP;
  IF bonus_left = 0 THEN
    RETURN 0;
  END IF;
  UPDATE ledger_accounts SET balance = balance - bonus_left WHERE id = bonus_id;
  UPDATE ledger_accounts SET balance = balance + bonus_left WHERE id = cash_id;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ('bonus_release', NULL, p_user, p_at, NULL) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount) VALUES (tx, bonus_id, -bonus_left), (tx, cash_id, bonus_left);
  RETURN bonus_left;
END
$function$;
