-- Identity: a public user id that is not sequential, and when the password last changed.

-- The uId players see and type to receive transfers. users.id (a sequence from 100001) stays
-- internal: counting through it would list every account. 8 to 10 random digits, drawn by the
-- server at registration (with a retry on collision); existing rows get theirs here, from
-- gen_random_uuid's strong random bits (48 of them, reduced to the range).
ALTER TABLE users ADD COLUMN uid bigint;
DO $$
DECLARE
  r record;
  candidate bigint;
BEGIN
  FOR r IN SELECT id FROM users WHERE uid IS NULL LOOP
    LOOP
      candidate := 10000000 + (('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint % 9990000000);
      EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE uid = candidate);
    END LOOP;
    UPDATE users SET uid = candidate WHERE id = r.id;
  END LOOP;
END
$$;
ALTER TABLE users ALTER COLUMN uid SET NOT NULL;
-- A row inserted without one (a script, a test) still gets one; registration draws its own.
ALTER TABLE users ALTER COLUMN uid SET DEFAULT (10000000 + (('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint % 9990000000));
ALTER TABLE users ADD CONSTRAINT users_uid_key UNIQUE (uid);
ALTER TABLE users ADD CONSTRAINT users_uid_range CHECK (uid BETWEEN 10000000 AND 9999999999);

-- Set by a password reset (setPwd) and a password change: withdrawals and transfers wait 24 h
-- after it, so a stolen session or mailbox cannot empty the account at once.
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;

-- A verified identity is final (kyc/routes refuses any change): the database holds to it too,
-- whatever code path writes the row.
CREATE FUNCTION users_kyc_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.kyc = 1 AND (NEW.kyc <> 1 OR NEW.name IS DISTINCT FROM OLD.name OR NEW.card_no IS DISTINCT FROM OLD.card_no) THEN
    RAISE EXCEPTION 'the verified name and CPF of user % cannot change', OLD.id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER users_kyc_final BEFORE UPDATE OF kyc, name, card_no ON users
  FOR EACH ROW EXECUTE FUNCTION users_kyc_final();
