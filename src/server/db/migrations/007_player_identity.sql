-- Issue 31: what the Brazil-regulated profile (JURISDICTION=BR) keeps of a player beside the spec's
-- name and CPF, and, in every profile, where and when the account was registered.
-- birth_date, gender ('F', 'M', 'O' other, 'N' rather not say) and address {cep, street, number,
-- complement, city, state}: given at KYC in the BR profile (an adult's only). registered_ip: the
-- address the registration came from. terms_version / terms_accepted_at: the terms and
-- responsible-gaming policy the player last accepted (BR: the current one, again after a change).
ALTER TABLE users ADD COLUMN birth_date date;
ALTER TABLE users ADD COLUMN gender text CONSTRAINT users_gender_check CHECK (gender IN ('F', 'M', 'O', 'N'));
ALTER TABLE users ADD COLUMN address jsonb;
ALTER TABLE users ADD COLUMN registered_ip text;
ALTER TABLE users ADD COLUMN terms_version text;
ALTER TABLE users ADD COLUMN terms_accepted_at timestamptz;

-- A payment whose payer (the PSP's record of the Pix) is not the player's own CPF, in the BR
-- profile: not credited, returned to its payer (pix_refunds), and the order says why.
ALTER TABLE orders ADD COLUMN payer_tax_id text;

-- The PSP emulator's record of who paid each Pix (API Pix's optional Pix.pagador: cpf or cnpj and
-- nome), so GET /v2/pix/{e2eid} answers it as a real PSP does; its bank page lets a demo or a test
-- pay from another person's account.
ALTER TABLE psp_sandbox_pix ADD COLUMN pagador_cpf text;
ALTER TABLE psp_sandbox_pix ADD COLUMN pagador_nome text;
