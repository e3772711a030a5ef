-- Real PIX rails (issue 16). Our side: the charge's "copia e cola" code shown on our own pay page,
-- what a payment really brought and its end-to-end id (a refund names it), and the refunds asked
-- of the PSP (a Pix that must go back: a second payment of a paid charge, or one for no charge of
-- ours), one per received payment.
ALTER TABLE orders ADD COLUMN pay_code text;
ALTER TABLE orders ADD COLUMN paid_amount bigint;
ALTER TABLE orders ADD COLUMN e2e_id text;

CREATE TABLE pix_refunds (
  id text PRIMARY KEY,
  provider text NOT NULL,
  e2e_id text NOT NULL,
  pay_no text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  state text NOT NULL CHECK (state IN ('new', 'pending', 'returned', 'failed')),
  failure text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider, e2e_id)
);
CREATE INDEX pix_refunds_open_idx ON pix_refunds (created_at) WHERE state IN ('new', 'pending');

-- The built-in PSP emulator's own books (PIX_PROVIDER=sandbox): what the bank keeps on its side,
-- so a restart of the server loses no charge, payment, refund or payout of the demo.
CREATE TABLE psp_sandbox_webhooks (
  chave text PRIMARY KEY,
  url text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE psp_sandbox_cobs (
  txid text PRIMARY KEY,
  revisao integer NOT NULL,
  status text NOT NULL,
  valor bigint NOT NULL,
  chave text NOT NULL,
  solicitacao text,
  expiracao integer NOT NULL,
  criacao timestamptz NOT NULL,
  loc_id bigserial NOT NULL,
  location text NOT NULL,
  br_code text NOT NULL
);

CREATE TABLE psp_sandbox_pix (
  e2e_id text PRIMARY KEY,
  txid text,
  valor bigint NOT NULL,
  chave text NOT NULL,
  horario timestamptz NOT NULL
);
CREATE INDEX psp_sandbox_pix_time_idx ON psp_sandbox_pix (horario);

CREATE TABLE psp_sandbox_refunds (
  e2e_id text NOT NULL,
  id text NOT NULL,
  rtr_id text NOT NULL,
  valor bigint NOT NULL,
  descricao text,
  status text NOT NULL,
  solicitacao timestamptz NOT NULL,
  liquidacao timestamptz,
  motivo text,
  PRIMARY KEY (e2e_id, id)
);

CREATE TABLE psp_sandbox_sends (
  id_envio text PRIMARY KEY,
  e2e_id text NOT NULL,
  valor bigint NOT NULL,
  pagador_chave text NOT NULL,
  favorecido text NOT NULL,
  status text NOT NULL,
  solicitacao timestamptz NOT NULL,
  liquidacao timestamptz,
  erro text
);
