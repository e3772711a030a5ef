-- Issue 35: the operators' console. Operators are not players: their own accounts, sessions and
-- second factor, and an audit trail of everything they do (append-only: ops/ops_audit_append_only.sql
-- refuses UPDATE, DELETE and TRUNCATE).

CREATE TABLE operators (
  id bigserial PRIMARY KEY,
  -- Lower-cased.
  email text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('support', 'payments', 'risk', 'admin')),
  -- argon2id, as the players'; null until the operator enrols.
  password_hash text,
  -- The TOTP secret, sealed with the server's key (ops/secretBox.ts); null until enrolled.
  totp_sealed text,
  -- The last TOTP time step accepted: a code is good once (RFC 6238, 5.2).
  totp_last_step bigint NOT NULL DEFAULT 0,
  enrolled_at timestamptz,
  -- A suspended operator cannot log in; their sessions are closed.
  suspended_at timestamptz,
  created_at timestamptz NOT NULL,
  -- Null for the command line (npm run ops -- create-admin).
  created_by bigint REFERENCES operators(id)
);

-- A one-time link to set a password and enrol the second factor (a new operator, or a reset by an admin).
CREATE TABLE operator_enrolments (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators(id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_enrolments_operator ON operator_enrolments (operator_id);

-- Ten one-time codes given at enrolment, for a lost authenticator; stored as their SHA-256.
CREATE TABLE operator_recovery_codes (
  operator_id bigint NOT NULL REFERENCES operators(id),
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (operator_id, code_hash)
);

CREATE TABLE operator_sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  operator_id bigint NOT NULL REFERENCES operators(id),
  -- 'password': the password was right, the second factor is still due; 'full': both given.
  stage text NOT NULL CHECK (stage IN ('password', 'full')),
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id) WHERE revoked_at IS NULL;

CREATE TABLE ops_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  -- Null for the command line.
  operator_id bigint REFERENCES operators(id),
  -- What was done: 'operator.create', 'withdrawal.approve', 'player.read' ...
  action text NOT NULL,
  -- What it was done to: 'operator:3', 'player:123', 'withdrawal:45'; '' for none.
  target text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX ops_audit_target ON ops_audit (target, id);
CREATE INDEX ops_audit_operator ON ops_audit (operator_id, id);
