-- Issue 33: the PSP emulator's charges held to API Pix (bacen/pix-api openapi.yaml 2.8.1).
-- A charge keeps the devedor (cpf or cnpj, and nome) and the infoAdicionais ([{nome, valor}]) it
-- was given, and answers them back.
ALTER TABLE psp_sandbox_cobs ADD COLUMN devedor jsonb;
ALTER TABLE psp_sandbox_cobs ADD COLUMN info_adicionais jsonb;

-- Every revision of a charge, as it stood (the standard's Revisao: "Para os outros campos da
-- cobrança, registra-se histórico"), so GET /v2/cob/{txid}?revisao=N answers revision N.
-- One row for each value revisao took: 0 at creation, then each PUT or PATCH that changed the
-- charge, its removal, its payment.
CREATE TABLE psp_sandbox_cob_revisions (
  txid text NOT NULL REFERENCES psp_sandbox_cobs (txid) ON DELETE CASCADE,
  revisao integer NOT NULL CHECK (revisao >= 0),
  status text NOT NULL,
  valor bigint NOT NULL,
  chave text NOT NULL,
  solicitacao text,
  expiracao integer NOT NULL,
  devedor jsonb,
  info_adicionais jsonb,
  revised_at timestamptz NOT NULL,
  PRIMARY KEY (txid, revisao)
);

-- The charges made before this migration: only their current revision is known.
INSERT INTO psp_sandbox_cob_revisions (txid, revisao, status, valor, chave, solicitacao, expiracao, revised_at)
SELECT txid, revisao, status, valor, chave, solicitacao, expiracao, criacao FROM psp_sandbox_cobs;
