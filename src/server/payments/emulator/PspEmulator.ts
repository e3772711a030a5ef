import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createDynamicPix, hasError } from 'pix-utils'
import { request as httpRequest } from 'undici'
import type { Db, Queryable } from '../../db/connection'
import { one } from '../../db/one'
import { PayloadSigner } from './payloadLocation'
import { centavosToValor, cobRevisada, cobSolicitada, devolucaoSolicitada, E2E_ID, efiSendBody, SHORT_ID, TXID, valorToCentavos } from '../apipix/wire'
import { e2eId, iso, parse, problem, refundJson, same, sleep, type CobRevisionRow, type CobRow, type PixRow, type RefundRow, type SendRow } from './emulatorWire'

/** Where the emulator's API lives on this server (PIX_PROVIDER=sandbox points the adapter here). */
export const EMULATOR_PREFIX = '/psp-sandbox'
/** The only account this bank holds: its holder's name, city and CNPJ (a made-up one, check digits right, on the emulator's ISPB 99999999). */
const MERCHANT = { name: 'APOSTA SANDBOX', city: 'SAO PAULO', cnpj: '99999999000191' }
/** The scopes the emulator grants: API Pix's (charges, received Pix, webhooks) and Efí's send API's. */
const EMULATOR_SCOPES: readonly string[] = ['cob.write', 'cob.read', 'pix.write', 'pix.read', 'webhook.write', 'webhook.read', 'pix.send', 'gn.pix.send.read']

/** Switches tests (and a curious developer) turn to make the bank misbehave. */
export interface EmulatorFaults {
  /** Webhooks are never sent (reconciliation must find the payment). */
  dropWebhooks: boolean
  /** Every webhook is sent twice. */
  duplicateWebhooks: boolean
  /** Webhooks leave this long after the event. */
  webhookDelayMs: number
  /** Every payout ends NAO_REALIZADO. */
  refusePayouts: boolean
  /** Every refund ends NAO_REALIZADO. */
  refuseRefunds: boolean
  /** Every refund is refused when asked (400 PixDevolucaoInvalida), as one past its deadline is. */
  invalidRefunds: boolean
  /** Charges are answered without pixCopiaECola (optional in the standard: the receiver builds the code from the location). */
  omitCopiaECola: boolean
  /** The next this-many API calls answer 503 ServicoIndisponivel. */
  unavailable: number
  /** Tokens live this long. */
  tokenTtlSeconds: number
}

export interface EmulatorOptions {
  db: Db
  now: () => number
  client: { id: string; secret: string }
  /** The receiving key of the only account this bank holds. */
  chave: string
  /** Payouts settle this long after they are sent; null: only when settleSend is called. */
  settleMs: number | null
  log: { warn(obj: object, msg: string): void }
}

const DEFAULT_FAULTS: EmulatorFaults = { dropWebhooks: false, duplicateWebhooks: false, webhookDelayMs: 0, refusePayouts: false, refuseRefunds: false, invalidRefunds: false, omitCopiaECola: false, unavailable: 0, tokenTtlSeconds: 3600 }
/** A webhook the receiver did not take is sent again after these waits. */
const WEBHOOK_RETRY_MS = [1000, 5000, 20_000]
/** Amounts ending in these centavos are refused by the bank (e.g. R$ 50,13), so both endings can be tried by hand. */
const REFUSED_CENTAVOS = 13n

/** What a revision of a charge may change (PUT or PATCH /cob/{txid}, its removal, its payment). */
type Revisable = Pick<CobRow, 'status' | 'chave' | 'solicitacao' | 'expiracao' | 'devedor' | 'info_adicionais'> & { valor: bigint }
const jsonOrNull = (v: object | null): string | null => (v === null ? null : JSON.stringify(v))
/** devedor or infoAdicionais as text whatever the order of their keys (jsonb gives them back in its own order). */
const canonical = (v: object | null): string => JSON.stringify(v, ['cpf', 'cnpj', 'nome', 'valor'])

/**
 * A PSP on this server (PIX_PROVIDER=sandbox): the Banco Central's API Pix (OAuth2 token, cob,
 * pix, devolução, webhook in the standard's shape) and Efí's Pix send, with its books in its own
 * tables, so the real adapter runs end to end in demo mode and in every test. Its bank page plays
 * the payer's bank; `faults` makes it misbehave as PSPs do.
 */
/** A Pix as the standard's Pix object (endToEndId, txid, valor, chave, horario, pagador, devolucoes). */
function pixObject(p: PixRow, refunds: readonly RefundRow[]): object {
  return {
    endToEndId: p.e2e_id,
    ...(p.txid ? { txid: p.txid } : {}),
    valor: centavosToValor(BigInt(p.valor)),
    chave: p.chave,
    horario: iso(p.horario),
    ...(p.pagador_cpf ? { pagador: { cpf: p.pagador_cpf, nome: p.pagador_nome ?? '' } } : {}),
    ...(refunds.length ? { devolucoes: refunds.map(refundJson) } : {}),
  }
}

export class PspEmulator {
  readonly faults: EmulatorFaults = { ...DEFAULT_FAULTS }
  private readonly tokens = new Map<string, number>()
  private readonly signer = new PayloadSigner()
  private readonly inFlight = new Set<Promise<void>>()
  private timer: NodeJS.Timeout | null = null
  private stopped = false
  /** Resolves when stop() is called: a webhook waiting to be sent again gives up. */
  private stopping: () => void = () => undefined
  private readonly stopSignal = new Promise<void>((resolve) => {
    this.stopping = resolve
  })

  constructor(private readonly o: EmulatorOptions) {}

  /** Back to a well-behaved bank. */
  resetFaults(): void {
    Object.assign(this.faults, DEFAULT_FAULTS)
  }

  /** Every token given so far stops working (the next call answers 401). */
  expireTokens(): void {
    this.tokens.clear()
  }

  start(): void {
    if (this.o.settleMs === null || this.timer) return
    const every = Math.min(Math.max(Math.floor(this.o.settleMs / 4), 500), 5000)
    this.timer = setInterval(() => void this.settleDue().catch((err: unknown) => this.o.log.warn({ err }, 'PSP emulator: settling payouts failed')), every)
    this.timer.unref()
  }

  /** Stops its timer and waits for webhooks on their way (before the server closes). */
  async stop(): Promise<void> {
    this.stopped = true
    this.stopping()
    if (this.timer) clearInterval(this.timer)
    await this.idle()
  }

  /** Waits until no webhook is on its way (tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight])
  }

  // ---- the bank's customers' side (the pay page, tests) ----

  async cob(txid: string): Promise<CobRow | null> {
    const r = await this.o.db.query<CobRow>('SELECT * FROM psp_sandbox_cobs WHERE txid = $1', [txid])
    return r.rows[0] ?? null
  }

  cobExpired(cob: CobRow): boolean {
    return new Date(cob.criacao).getTime() + cob.expiracao * 1000 <= this.o.now()
  }

  /**
   * A payer pays the charge. Refused when it is not open or has expired, unless a test asks for
   * what a real bank should never do (`late`, `again`) or pays another amount.
   */
  async pay(txid: string, opts: { amount?: bigint; late?: boolean; again?: boolean; payer?: { cpf: string; nome: string } } = {}): Promise<{ outcome: 'paid' | 'closed' | 'expired' | 'unknown'; e2eId?: string }> {
    const now = this.o.now()
    const result = await this.o.db.tx(async (q) => {
      const r = await q.query<CobRow>('SELECT * FROM psp_sandbox_cobs WHERE txid = $1 FOR UPDATE', [txid])
      const cob = r.rows[0]
      if (!cob) return { outcome: 'unknown' as const }
      if (cob.status !== 'ATIVA' && !(opts.again && cob.status === 'CONCLUIDA')) return { outcome: 'closed' as const }
      if (this.cobExpired(cob) && !opts.late) return { outcome: 'expired' as const }
      const e2e = e2eId('E', now)
      await q.query('INSERT INTO psp_sandbox_pix (e2e_id, txid, valor, chave, horario, pagador_cpf, pagador_nome) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        e2e,
        txid,
        opts.amount ?? cob.valor,
        cob.chave,
        new Date(now),
        opts.payer?.cpf ?? null,
        opts.payer?.nome ?? null,
      ])
      if (cob.status === 'ATIVA') {
        const done = await q.query<CobRow>(`UPDATE psp_sandbox_cobs SET status = 'CONCLUIDA', revisao = revisao + 1 WHERE txid = $1 RETURNING *`, [txid])
        await this.keepRevision(q, one(done.rows, 'the charge paid'), new Date(now))
      }
      return { outcome: 'paid' as const, e2eId: e2e, chave: cob.chave }
    })
    if (result.outcome === 'paid') await this.notify(result.chave, [await this.pixJson(this.o.db, result.e2eId)])
    return { outcome: result.outcome, e2eId: result.outcome === 'paid' ? result.e2eId : undefined }
  }

  /** A Pix to the account's key with a txid no charge has (a payer typing a code by hand). */
  async receiveUnknown(txid: string, amount: bigint): Promise<string> {
    const now = this.o.now()
    const e2e = e2eId('E', now)
    await this.o.db.query('INSERT INTO psp_sandbox_pix (e2e_id, txid, valor, chave, horario) VALUES ($1, $2, $3, $4, $5)', [e2e, txid, amount, this.o.chave, new Date(now)])
    await this.notify(this.o.chave, [await this.pixJson(this.o.db, e2e)])
    return e2e
  }

  /**
   * The payer's bank takes (part of) a received Pix back under the MED, as the SPI lets it: a
   * devolução of nature MED_OPERACIONAL or MED_FRAUDE, with an id of the PSP's, settled at once
   * (DEVOLVIDO) unless a test asks for another status, and told to the webhook like any devolução.
   */
  async med(e2e: string, opts: { natureza: 'MED_OPERACIONAL' | 'MED_FRAUDE'; amount?: bigint; status?: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO' }): Promise<{ id: string; rtrId: string }> {
    const now = new Date(this.o.now())
    const status = opts.status ?? 'DEVOLVIDO'
    const made = await this.o.db.tx(async (q) => {
      const p = await q.query<PixRow>('SELECT * FROM psp_sandbox_pix WHERE e2e_id = $1 FOR UPDATE', [e2e])
      const pix = p.rows[0]
      if (!pix) throw new Error(`PSP emulator: no Pix ${e2e}`)
      const used = await q.query<{ total: bigint }>("SELECT COALESCE(SUM(valor), 0)::bigint AS total FROM psp_sandbox_refunds WHERE e2e_id = $1 AND status <> 'NAO_REALIZADO'", [e2e])
      const valor = opts.amount ?? BigInt(pix.valor) - BigInt(used.rows[0]?.total ?? 0n)
      // The standard's bound: all devoluções of a Pix together at most its value.
      if (valor <= 0n || BigInt(used.rows[0]?.total ?? 0n) + valor > BigInt(pix.valor)) throw new Error('PSP emulator: a MED return above what is left of the Pix')
      const id = `MED${randomBytes(12).toString('hex').toUpperCase()}`
      const rtrId = e2eId('D', now.getTime())
      await q.query(
        `INSERT INTO psp_sandbox_refunds (e2e_id, id, rtr_id, valor, descricao, status, solicitacao, liquidacao, motivo, natureza)
         VALUES ($1, $2, $3, $4, NULL, $5, $6, $7, NULL, $8)`,
        [e2e, id, rtrId, valor, status, now, status === 'DEVOLVIDO' ? now : null, opts.natureza],
      )
      return { id, rtrId, chave: pix.chave }
    })
    await this.notify(made.chave, [await this.pixJson(this.o.db, e2e)])
    return { id: made.id, rtrId: made.rtrId }
  }

  /** Settles a payout sent to the emulator (tests; or the timer after PAYOUT_SANDBOX_SETTLE_SECONDS). */
  async settleSend(idEnvio: string, outcome?: 'REALIZADO' | 'NAO_REALIZADO'): Promise<boolean> {
    const now = new Date(this.o.now())
    const r = await this.o.db.query<SendRow>(`SELECT * FROM psp_sandbox_sends WHERE id_envio = $1 AND status = 'EM_PROCESSAMENTO'`, [idEnvio])
    const send = r.rows[0]
    if (!send) return false
    const refused = outcome === 'NAO_REALIZADO' || (outcome === undefined && (this.faults.refusePayouts || BigInt(send.valor) % 100n === REFUSED_CENTAVOS))
    const status = refused ? 'NAO_REALIZADO' : 'REALIZADO'
    const erro = refused ? JSON.stringify({ codigo: 'AC03', origem: 'PSP do usuário recebedor', motivo: 'Conta do usuário recebedor inexistente ou inválida' }) : null
    const u = await this.o.db.query(`UPDATE psp_sandbox_sends SET status = $2, liquidacao = $3, erro = $4 WHERE id_envio = $1 AND status = 'EM_PROCESSAMENTO' RETURNING 1`, [idEnvio, status, refused ? null : now, erro])
    if (!u.rows.length) return false
    await this.notify(send.pagador_chave, [
      {
        endToEndId: send.e2e_id,
        chave: send.pagador_chave,
        tipo: 'SOLICITACAO',
        status,
        valor: centavosToValor(BigInt(send.valor)),
        // A payout that was not made has no settlement time: the field is left out, never null.
        ...(refused ? {} : { horario: iso(now) }),
        gnExtras: { idEnvio, ...(erro ? { erro: JSON.parse(erro) as object } : {}) },
      },
    ])
    return true
  }

  private async settleDue(): Promise<void> {
    if (this.o.settleMs === null || this.stopped) return
    const due = await this.o.db.query<{ id_envio: string }>(`SELECT id_envio FROM psp_sandbox_sends WHERE status = 'EM_PROCESSAMENTO' AND solicitacao <= $1 ORDER BY solicitacao LIMIT 100`, [
      new Date(this.o.now() - this.o.settleMs),
    ])
    for (const row of due.rows) await this.settleSend(row.id_envio)
  }

  // ---- webhooks ----

  /** Sends the standard's webhook, `POST {webhookUrl}/pix` with `{ pix: [...] }`, to the key's registered address. */
  private async notify(chave: string, items: object[]): Promise<void> {
    if (this.faults.dropWebhooks || this.stopped) return
    const r = await this.o.db.query<{ url: string }>('SELECT url FROM psp_sandbox_webhooks WHERE chave = $1', [chave])
    const url = r.rows[0]?.url
    if (!url) return
    const body = JSON.stringify({ pix: items })
    const times = this.faults.duplicateWebhooks ? 2 : 1
    const delay = this.faults.webhookDelayMs
    for (let i = 0; i < times; i++) {
      const work = (delay > 0 ? sleep(delay) : Promise.resolve()).then(() => this.deliver(`${url}/pix`, body, 0)).finally(() => this.inFlight.delete(work))
      this.inFlight.add(work)
      if (delay === 0) await work
    }
  }

  private async deliver(url: string, body: string, attempt: number): Promise<void> {
    let ok: boolean
    try {
      const res = await httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, headersTimeout: 10_000, bodyTimeout: 10_000 })
      await res.body.dump()
      ok = res.statusCode >= 200 && res.statusCode < 300
    } catch {
      ok = false
    }
    if (ok || this.stopped || attempt >= WEBHOOK_RETRY_MS.length) {
      if (!ok) this.o.log.warn({ attempt }, 'PSP emulator: the webhook was not taken')
      return
    }
    await Promise.race([sleep(WEBHOOK_RETRY_MS[attempt] ?? 0), this.stopSignal])
    if (this.stopped) return
    return this.deliver(url, body, attempt + 1)
  }

  private async pixJson(q: Queryable, e2e: string): Promise<object> {
    const r = await q.query<PixRow>('SELECT * FROM psp_sandbox_pix WHERE e2e_id = $1', [e2e])
    const p = r.rows[0]
    if (!p) throw new Error(`PSP emulator: no Pix ${e2e}`)
    const refunds = await q.query<RefundRow>('SELECT * FROM psp_sandbox_refunds WHERE e2e_id = $1 ORDER BY solicitacao', [e2e])
    return pixObject(p, refunds.rows)
  }

  // ---- the API ----

  routes(app: FastifyInstance): void {
    const P = EMULATOR_PREFIX
    app.post(`${P}/oauth/token`, async (req, reply) => {
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ')
      const [id, secret] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':')
      const grant = (req.body as { grant_type?: unknown } | null)?.grant_type
      // RFC 6749: a token answer is never cached (§5.1), a client that fails to authenticate is challenged (§5.2).
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
      if (scheme !== 'Basic' || !same(id, this.o.client.id) || !same(secret, this.o.client.secret)) {
        return reply.code(401).header('www-authenticate', 'Basic realm="pix"').send({ error: 'invalid_client', error_description: 'Client authentication failed' })
      }
      if (grant !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type' })
      const asked = (req.body as { scope?: unknown } | null)?.scope
      const scopes = typeof asked === 'string' && asked.trim() !== '' ? asked.trim().split(/\s+/) : [...EMULATOR_SCOPES]
      if (scopes.some((x) => !EMULATOR_SCOPES.includes(x))) return reply.code(400).send({ error: 'invalid_scope' })
      if (this.takeOutage()) return problem(reply, 503, 'ServicoIndisponivel', 'Serviço Indisponível')
      const token = randomBytes(24).toString('base64url')
      this.tokens.set(token, this.o.now() + this.faults.tokenTtlSeconds * 1000)
      return { access_token: token, token_type: 'Bearer', expires_in: this.faults.tokenTtlSeconds, scope: scopes.join(' ') }
    })

    // Every API call: a live token, then (when asked for) an outage.
    const guard = async (req: FastifyRequest, reply: FastifyReply) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      const until = token ? this.tokens.get(token) : undefined
      if (until === undefined || until <= this.o.now()) {
        // RFC 6750 §3: a call without a valid bearer token is challenged.
        reply.header('www-authenticate', token ? 'Bearer realm="pix", error="invalid_token"' : 'Bearer realm="pix"')
        return problem(reply, 401, 'AcessoNegado', 'Token inválido ou expirado')
      }
      if (this.takeOutage()) return problem(reply, 503, 'ServicoIndisponivel', 'Serviço Indisponível')
      // An id in the path is visible ASCII, as the standard's ids are (PostgreSQL text cannot hold
      // a NUL: the fuzzer's GET /v2/webhook/a%00b answered 500).
      const bad = Object.entries(req.params as Record<string, string>).find(([, v]) => !/^[\x21-\x7e]+$/.test(v))
      if (bad) return problem(reply, 400, 'RequisicaoInvalida', 'Requisição inválida.', [{ razao: `Campo ${bad[0]} não respeita o _schema_.`, propriedade: bad[0] }])
      return undefined
    }
    const opts = { preHandler: guard }

    app.put(`${P}/v2/cob/:txid`, opts, async (req, reply) => {
      const { txid } = req.params as { txid: string }
      const invalid = (razao: string, propriedade: string, valor?: string) => problem(reply, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', [{ razao, propriedade, ...(valor === undefined ? {} : { valor }) }])
      if (!TXID.test(txid)) return invalid('O campo cob.txid não respeita o _schema_.', 'cob.txid')
      const body = parse(cobSolicitada, req.body)
      if (!body.ok) return invalid(`O campo cob.${body.path} não respeita o _schema_.`, `cob.${body.path}`)
      const b = body.data
      const valor = valorToCentavos(b.valor.original)
      if (valor <= 0n) return invalid('Valor da cobrança não pode ser 0.00', 'cob.valor.original')
      if (b.chave !== this.o.chave) return invalid('A chave não pertence a este usuário recebedor.', 'cob.chave', b.chave)
      // PUT gives the whole charge: what it leaves out (devedor, infoAdicionais, the note) is no longer there.
      const next = { status: 'ATIVA', valor, chave: b.chave, solicitacao: b.solicitacaoPagador ?? null, expiracao: b.calendario.expiracao ?? 86_400, devedor: b.devedor ?? null, info_adicionais: b.infoAdicionais ?? null }
      const now = new Date(this.o.now())
      const outcome = await this.o.db.tx(async (q) => {
        const cur = (await q.query<CobRow>('SELECT * FROM psp_sandbox_cobs WHERE txid = $1 FOR UPDATE', [txid])).rows[0]
        if (cur && cur.status !== 'ATIVA') return { closed: true as const }
        if (cur) return { closed: false as const, row: await this.revise(q, cur, next, now) }
        // The location (at most 77 characters, no scheme): this host, and a capability of 20 hex digits.
        const token = randomBytes(10).toString('hex')
        const host = /^[A-Za-z0-9.-]{1,30}(:\d{1,5})?$/.test(req.headers.host ?? '') ? req.headers.host : 'localhost'
        const location = `${host}${P}/qr/${token}`
        const pix = createDynamicPix({ merchantName: MERCHANT.name, merchantCity: MERCHANT.city, url: location })
        if (hasError(pix)) throw new Error(`cannot build a dynamic BR Code: ${pix.message}`)
        const made = await q.query<CobRow>(
          `INSERT INTO psp_sandbox_cobs (txid, revisao, status, valor, chave, solicitacao, expiracao, criacao, location, br_code, devedor, info_adicionais)
           VALUES ($1, 0, 'ATIVA', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
          [txid, valor, next.chave, next.solicitacao, next.expiracao, now, location, pix.toBRCode(), jsonOrNull(next.devedor), jsonOrNull(next.info_adicionais)],
        )
        const row = one(made.rows, 'the charge made')
        await this.keepRevision(q, row, now)
        return { closed: false as const, row }
      })
      if (outcome.closed) return invalid('A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.', 'cob.txid')
      // The standard answers 201 to every PUT /cob/{txid} that it takes, a revision of an ATIVA charge included.
      return reply.code(201).send(await this.cobJson(outcome.row))
    })

    // PATCH /cob/{txid} (CobRevisada): an ATIVA charge's expiry, devedor, amount, key, note to the
    // payer or infoAdicionais revised, or the charge withdrawn (its status alone). Each change is a
    // new revision (revisao + 1), kept; a request that changes nothing (the same loc, the same
    // values) is not one.
    app.patch(`${P}/v2/cob/:txid`, opts, async (req, reply) => {
      const { txid } = req.params as { txid: string }
      const invalid = (razao: string, propriedade: string) => problem(reply, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', [{ razao, propriedade }])
      if (!TXID.test(txid) || !(await this.cob(txid))) return problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada.')
      const body = parse(cobRevisada, req.body)
      if (!body.ok) {
        const prop = body.path ? `cob.${body.path}` : 'cob'
        return invalid(`O campo ${prop} não respeita o _schema_.`, prop)
      }
      const b = body.data
      const given = Object.entries(b).filter(([, v]) => v !== undefined).length
      const valor = b.valor?.original === undefined ? undefined : valorToCentavos(b.valor.original)
      if (valor !== undefined && valor <= 0n) return invalid('O campo cob.valor.original é zero.', 'cob.valor.original')
      if (b.chave !== undefined && b.chave !== this.o.chave) return invalid('O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.', 'cob.chave')
      const now = new Date(this.o.now())
      const outcome = await this.o.db.tx(async (q) => {
        // Charges are never deleted: the one found above is still there.
        const cur = one((await q.query<CobRow>('SELECT * FROM psp_sandbox_cobs WHERE txid = $1 FOR UPDATE', [txid])).rows, 'the charge revised')
        if (cur.status !== 'ATIVA') return 'closed' as const
        if (b.status && given > 1) return 'remove_and_change' as const
        if (b.loc && BigInt(b.loc.id) !== BigInt(cur.loc_id)) {
          const other = await q.query('SELECT 1 FROM psp_sandbox_cobs WHERE loc_id = $1', [b.loc.id])
          return other.rows.length ? ('loc_used' as const) : ('no_loc' as const)
        }
        const next = {
          status: b.status ?? cur.status,
          valor: valor ?? BigInt(cur.valor),
          chave: b.chave ?? cur.chave,
          solicitacao: b.solicitacaoPagador ?? cur.solicitacao,
          expiracao: b.calendario?.expiracao ?? cur.expiracao,
          devedor: b.devedor ?? cur.devedor,
          info_adicionais: b.infoAdicionais ?? cur.info_adicionais,
        }
        return this.revise(q, cur, next, now)
      })
      if (outcome === 'closed') return invalid('A cobrança não está ATIVA, e a presente requisição busca alterá-la.', 'cob.status')
      if (outcome === 'remove_and_change') return invalid('A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.', 'cob.status')
      if (outcome === 'loc_used') return invalid('O location referenciado por cob.loc.id já está sendo utilizado por outra cobrança.', 'cob.loc.id')
      if (outcome === 'no_loc') return invalid('O location referenciado por cob.loc.id inexiste.', 'cob.loc.id')
      return this.cobJson(outcome)
    })

    // GET /cob/{txid}?revisao=N: the charge as it stood at revision N; a revision it never had is
    // the standard's CobConsultaInvalida (400), not a 404 (the charge exists).
    app.get(`${P}/v2/cob/:txid`, opts, async (req, reply) => {
      const { txid } = req.params as { txid: string }
      const cur = TXID.test(txid) ? await this.cob(txid) : null
      if (!cur) return problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada.')
      const { revisao } = req.query as { revisao?: unknown }
      if (revisao === undefined) return this.cobJson(cur)
      if (typeof revisao !== 'string' || !/^\d{1,9}$/.test(revisao)) {
        return problem(reply, 400, 'CobConsultaInvalida', 'Consulta inválida.', [{ razao: 'O parâmetro revisao não respeita o _schema_.', propriedade: 'revisao' }])
      }
      if (Number(revisao) === cur.revisao) return this.cobJson(cur)
      const r = await this.o.db.query<CobRevisionRow>('SELECT * FROM psp_sandbox_cob_revisions WHERE txid = $1 AND revisao = $2', [txid, Number(revisao)])
      const then = r.rows[0]
      if (!then) {
        return problem(reply, 400, 'CobConsultaInvalida', 'Consulta inválida.', [
          { razao: 'O parâmetro revisao corresponde a uma revisão inexistente para a cobrança apontada pelo parâmetro txid.', propriedade: 'revisao' },
        ])
      }
      // Only a paid charge has Pix; an earlier revision shows those it had received by then.
      return this.cobJson({ ...cur, ...then }, then.status === 'CONCLUIDA' ? then.revised_at : null)
    })

    app.get(`${P}/v2/pix`, opts, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>
      const inicio = Date.parse(q.inicio ?? '')
      const fim = Date.parse(q.fim ?? '')
      const page = Number(q['paginacao.paginaAtual'] ?? 0)
      const size = Number(q['paginacao.itensPorPagina'] ?? 100)
      const badTxid = q.txid !== undefined && !/^[a-zA-Z0-9]{1,35}$/.test(q.txid)
      // The payer's document: cpf (11 digits) or cnpj (14), never both (the standard's filters).
      const badPayer = (q.cpf !== undefined && !/^\d{11}$/.test(q.cpf)) || (q.cnpj !== undefined && !/^\d{14}$/.test(q.cnpj)) || (q.cpf !== undefined && q.cnpj !== undefined)
      if (!Number.isFinite(inicio) || !Number.isFinite(fim) || fim < inicio || !Number.isInteger(page) || page < 0 || page > 1_000_000 || !Number.isInteger(size) || size < 1 || size > 1000 || badTxid || badPayer) {
        return problem(reply, 400, 'PixConsultaInvalida', 'Consulta inválida.')
      }
      const returned = 'EXISTS (SELECT 1 FROM psp_sandbox_refunds r WHERE r.e2e_id = psp_sandbox_pix.e2e_id)'
      const where = `horario >= $1 AND horario <= $2${q.txIdPresente === 'true' ? ' AND txid IS NOT NULL' : q.txIdPresente === 'false' ? ' AND txid IS NULL' : ''}${
        q.devolucaoPresente === 'true' ? ` AND ${returned}` : q.devolucaoPresente === 'false' ? ` AND NOT ${returned}` : ''
      }${q.txid ? ' AND txid = $3' : ''}${q.cpf ? ` AND pagador_cpf = $${q.txid ? 4 : 3}` : ''}${q.cnpj ? ' AND false' : ''}`
      // (This bank's payers are people: a cnpj filter finds no Pix.)
      const args: unknown[] = [new Date(inicio), new Date(fim), ...(q.txid ? [q.txid] : []), ...(q.cpf ? [q.cpf] : [])]
      const counted = await this.o.db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM psp_sandbox_pix WHERE ${where}`, args)
      const total = Number(counted.rows[0]?.n ?? 0)
      // A page in two queries (its Pix, then their devoluções), not two per Pix: the reconciliation lists
      // every Pix of its window each run, and one query per Pix made the demo server's work grow with them.
      const rows = await this.o.db.query<PixRow>(`SELECT * FROM psp_sandbox_pix WHERE ${where} ORDER BY horario, e2e_id LIMIT ${size} OFFSET ${page * size}`, args)
      const ids = rows.rows.map((r) => r.e2e_id)
      const refunds = ids.length ? (await this.o.db.query<RefundRow>('SELECT * FROM psp_sandbox_refunds WHERE e2e_id = ANY($1::text[]) ORDER BY solicitacao', [ids])).rows : []
      const pix = rows.rows.map((p) => pixObject(p, refunds.filter((r) => r.e2e_id === p.e2e_id)))
      return {
        parametros: { inicio: iso(new Date(inicio)), fim: iso(new Date(fim)), paginacao: { paginaAtual: page, itensPorPagina: size, quantidadeDePaginas: Math.max(1, Math.ceil(total / size)), quantidadeTotalDeItens: total } },
        pix,
      }
    })

    app.get(`${P}/v2/pix/:e2eid`, opts, async (req, reply) => {
      const { e2eid } = req.params as { e2eid: string }
      const r = E2E_ID.test(e2eid) ? await this.o.db.query('SELECT 1 FROM psp_sandbox_pix WHERE e2e_id = $1', [e2eid]) : { rows: [] }
      if (!r.rows.length) return problem(reply, 404, 'PixNaoEncontrado', 'Pix não encontrado.')
      return this.pixJson(this.o.db, e2eid)
    })

    app.put(`${P}/v2/pix/:e2eid/devolucao/:id`, opts, async (req, reply) => {
      const { e2eid, id } = req.params as { e2eid: string; id: string }
      const body = parse(devolucaoSolicitada, req.body)
      const invalid = (razao: string) => problem(reply, 400, 'PixDevolucaoInvalida', 'Devolução inválida.', [{ razao, propriedade: 'devolucao' }])
      if (!E2E_ID.test(e2eid) || !SHORT_ID.test(id)) return invalid('O e2eid ou o id não respeitam o _schema_.')
      if (!body.ok) return invalid(`O campo devolucao.${body.path} não respeita o _schema_.`)
      if (this.faults.invalidRefunds) return invalid('O prazo para a devolução do pix originário expirou.')
      // RETIRADA returns a Pix Saque's or Pix Troco's cash part: this bank makes neither, so no Pix of it has one.
      if (body.data.natureza === 'RETIRADA') return invalid('A natureza RETIRADA só se aplica a um pix de Saque ou de Troco.')
      const valor = valorToCentavos(body.data.valor)
      const now = new Date(this.o.now())
      const outcome = await this.o.db.tx(async (q) => {
        const p = await q.query<PixRow>('SELECT * FROM psp_sandbox_pix WHERE e2e_id = $1 FOR UPDATE', [e2eid])
        if (!p.rows[0]) return 'unknown' as const
        const used = await q.query<{ id: string; valor: bigint; status: string }>('SELECT id, valor, status FROM psp_sandbox_refunds WHERE e2e_id = $1', [e2eid])
        if (used.rows.some((r) => r.id === id)) return 'used' as const
        // A devolução NAO_REALIZADO moved nothing: what it asked is still the Pix's to return.
        const before = used.rows.reduce((s, r) => (r.status === 'NAO_REALIZADO' ? s : s + BigInt(r.valor)), 0n)
        if (valor <= 0n || before + valor > BigInt(p.rows[0].valor)) return 'too_much' as const
        await q.query(
          `INSERT INTO psp_sandbox_refunds (e2e_id, id, rtr_id, valor, descricao, status, solicitacao, natureza) VALUES ($1, $2, $3, $4, $5, 'EM_PROCESSAMENTO', $6, $7)`,
          [e2eid, id, e2eId('D', now.getTime()), valor, body.data.descricao ?? null, now, body.data.natureza ?? 'ORIGINAL'],
        )
        return 'ok' as const
      })
      if (outcome === 'unknown') return problem(reply, 404, 'PixNaoEncontrado', 'Pix não encontrado.')
      if (outcome === 'used') return invalid('A presente requisição de devolução apresenta um {id} já utilizado por outra requisição de devolução para o {e2eid} em questão.')
      if (outcome === 'too_much') return invalid('A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.')
      // The return settles a moment later, and the webhook says so (the standard's final states).
      const work = sleep(10)
        .then(() => this.settleRefund(e2eid, id))
        .catch((err: unknown) => this.o.log.warn({ err }, 'PSP emulator: settling a refund failed'))
        .finally(() => this.inFlight.delete(work))
      this.inFlight.add(work)
      return reply.code(201).send(await this.refundJson(e2eid, id))
    })

    app.get(`${P}/v2/pix/:e2eid/devolucao/:id`, opts, async (req, reply) => {
      const { e2eid, id } = req.params as { e2eid: string; id: string }
      const json = E2E_ID.test(e2eid) && SHORT_ID.test(id) ? await this.refundJson(e2eid, id) : null
      return json ?? problem(reply, 404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.')
    })

    app.put(`${P}/v2/webhook/:chave`, opts, async (req, reply) => {
      const { chave } = req.params as { chave: string }
      const url = (req.body as { webhookUrl?: unknown } | null)?.webhookUrl
      if (chave !== this.o.chave) return problem(reply, 400, 'WebhookOperacaoInvalida', 'Webhook inválido.', [{ razao: 'A chave não pertence a este usuário recebedor.', propriedade: 'chave' }])
      // The emulator calls back only this machine (it is a demo's bank, not a way to reach others).
      if (typeof url !== 'string' || !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?\/\S{0,500}$/.test(url)) {
        return problem(reply, 400, 'WebhookOperacaoInvalida', 'Webhook inválido.', [{ razao: 'Campo webhook.webhookUrl não respeita o _schema_.', propriedade: 'webhookUrl' }])
      }
      await this.o.db.query('INSERT INTO psp_sandbox_webhooks (chave, url, created_at) VALUES ($1, $2, $3) ON CONFLICT (chave) DO UPDATE SET url = $2', [chave, url, new Date(this.o.now())])
      return reply.code(200).send()
    })

    // WebhookCompleto: webhookUrl, cnpj (the account holder's: required) and criacao; chave besides, as PSPs answer it.
    const webhookJson = (w: { chave: string; url: string; created_at: Date }) => ({ webhookUrl: w.url, chave: w.chave, cnpj: MERCHANT.cnpj, criacao: iso(w.created_at) })

    app.get(`${P}/v2/webhook/:chave`, opts, async (req, reply) => {
      const r = await this.o.db.query<{ chave: string; url: string; created_at: Date }>('SELECT * FROM psp_sandbox_webhooks WHERE chave = $1', [(req.params as { chave: string }).chave])
      const w = r.rows[0]
      return w ? webhookJson(w) : problem(reply, 404, 'WebhookNaoEncontrado', 'Webhook não encontrado.')
    })

    // GET /webhook (WebhooksConsultados): the webhooks registered, by their criacao between inicio and fim when given, a page at a time.
    app.get(`${P}/v2/webhook`, opts, async (req, reply) => {
      const q = req.query as Record<string, unknown>
      const text = (k: string) => (typeof q[k] === 'string' ? q[k] : q[k] === undefined ? undefined : null)
      const [inicioText, fimText, pageText, sizeText] = [text('inicio'), text('fim'), text('paginacao.paginaAtual'), text('paginacao.itensPorPagina')]
      const inicio = inicioText === undefined ? undefined : Date.parse(inicioText ?? '')
      const fim = fimText === undefined ? undefined : Date.parse(fimText ?? '')
      const page = Number(pageText ?? 0)
      const size = Number(sizeText ?? 100)
      const badTime = (inicio !== undefined && !Number.isFinite(inicio)) || (fim !== undefined && !Number.isFinite(fim)) || (inicio !== undefined && fim !== undefined && fim < inicio)
      if (badTime || pageText === null || sizeText === null || !Number.isInteger(page) || page < 0 || page > 1_000_000 || !Number.isInteger(size) || size < 1 || size > 1000) {
        return problem(reply, 400, 'WebhookConsultaInvalida', 'Consulta inválida.')
      }
      const args = [...(inicio !== undefined ? [new Date(inicio)] : []), ...(fim !== undefined ? [new Date(fim)] : [])]
      const where = [inicio !== undefined ? 'created_at >= $1' : 'true', fim !== undefined ? `created_at <= $${args.length}` : 'true'].join(' AND ')
      const counted = await this.o.db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM psp_sandbox_webhooks WHERE ${where}`, args)
      const total = Number(counted.rows[0]?.n ?? 0)
      const rows = await this.o.db.query<{ chave: string; url: string; created_at: Date }>(`SELECT * FROM psp_sandbox_webhooks WHERE ${where} ORDER BY created_at, chave LIMIT ${size} OFFSET ${page * size}`, args)
      return {
        parametros: {
          ...(inicio !== undefined ? { inicio: iso(new Date(inicio)) } : {}),
          ...(fim !== undefined ? { fim: iso(new Date(fim)) } : {}),
          paginacao: { paginaAtual: page, itensPorPagina: size, quantidadeDePaginas: Math.max(1, Math.ceil(total / size)), quantidadeTotalDeItens: total },
        },
        webhooks: rows.rows.map(webhookJson),
      }
    })

    app.delete(`${P}/v2/webhook/:chave`, opts, async (req, reply) => {
      const r = await this.o.db.query('DELETE FROM psp_sandbox_webhooks WHERE chave = $1 RETURNING 1', [(req.params as { chave: string }).chave])
      return r.rows.length ? reply.code(204).send() : problem(reply, 404, 'WebhookNaoEncontrado', 'Webhook não encontrado.')
    })

    // The charges' payload locations (public, as the standard has them): what the payer's bank
    // fetches from the dynamic BR Code, the charge as a JWS signed with the key published beside it.
    app.get(`${P}/qr/:token`, async (req, reply) => {
      const { token } = req.params as { token: string }
      const r = /^[0-9a-f]{20}$/.test(token) ? await this.o.db.query<CobRow>('SELECT * FROM psp_sandbox_cobs WHERE location LIKE $1', [`%${P}/qr/${token}`]) : { rows: [] }
      const c = r.rows[0]
      if (!c) return problem(reply, 404, 'CobPayloadNaoEncontrado', 'Cobrança não encontrada.', undefined, 'A cobrança em questão não foi encontrada para a location requisitada.')
      const payload = {
        calendario: { criacao: iso(c.criacao), apresentacao: iso(new Date(this.o.now())), expiracao: c.expiracao },
        txid: c.txid,
        revisao: c.revisao,
        status: c.status,
        ...(c.devedor ? { devedor: c.devedor } : {}),
        valor: { original: centavosToValor(BigInt(c.valor)) },
        chave: c.chave,
        ...(c.solicitacao ? { solicitacaoPagador: c.solicitacao } : {}),
        ...(c.info_adicionais ? { infoAdicionais: c.info_adicionais } : {}),
      }
      const host = c.location.slice(0, c.location.indexOf(P))
      return reply.type('application/jose').header('cache-control', 'no-store').send(this.signer.sign(payload, `https://${host}${P}/jwks`))
    })
    app.get(`${P}/jwks`, async () => this.signer.jwks())

    // Efí's Pix send (payouts).
    app.put(`${P}/v3/gn/pix/:idEnvio`, opts, async (req, reply) => {
      const { idEnvio } = req.params as { idEnvio: string }
      const body = parse(efiSendBody, req.body)
      if (!SHORT_ID.test(idEnvio) || !body.ok) return reply.code(400).send({ nome: 'valor_invalido', mensagem: `Campo ${body.ok ? 'idEnvio' : body.path} inválido` })
      if (body.data.pagador.chave !== this.o.chave) return reply.code(400).send({ nome: 'chave_invalida', mensagem: 'A chave informada não faz referência à conta Efí autenticada' })
      const f = body.data.favorecido
      if ('chave' in f && ((f.cpf && f.cpf !== f.chave) || (f.cnpj && f.cnpj !== f.chave))) {
        return reply.code(400).send({ nome: 'chave_nao_pertence_ao_documento', mensagem: 'O cpf do favorecido é diferente do documento em posse da chave' })
      }
      const now = new Date(this.o.now())
      const e2e = e2eId('E', now.getTime())
      const inserted = await this.o.db.query(
        `INSERT INTO psp_sandbox_sends (id_envio, e2e_id, valor, pagador_chave, favorecido, status, solicitacao) VALUES ($1, $2, $3, $4, $5, 'EM_PROCESSAMENTO', $6) ON CONFLICT DO NOTHING RETURNING 1`,
        [idEnvio, e2e, valorToCentavos(body.data.valor), body.data.pagador.chave, JSON.stringify(f), now],
      )
      if (!inserted.rows.length) return reply.code(409).send({ nome: 'id_envio_duplicado', mensagem: 'O id de envio informado já foi utilizado em outro pagamento' })
      return reply.code(201).send({ idEnvio, e2eId: e2e, valor: body.data.valor, horario: { solicitacao: iso(now) }, status: 'EM_PROCESSAMENTO' })
    })

    app.get(`${P}/v2/gn/pix/enviados/id-envio/:idEnvio`, opts, async (req, reply) => {
      const { idEnvio } = req.params as { idEnvio: string }
      const r = await this.o.db.query<SendRow>('SELECT * FROM psp_sandbox_sends WHERE id_envio = $1', [idEnvio])
      const s = r.rows[0]
      if (!s) return problem(reply, 404, 'PixEnviadoNaoEncontrado', 'Não Encontrado', undefined, 'Pix enviado não encontrado para o idEnvio informado.')
      return {
        endToEndId: s.e2e_id,
        idEnvio: s.id_envio,
        valor: centavosToValor(BigInt(s.valor)),
        chave: s.pagador_chave,
        status: s.status,
        horario: { solicitacao: iso(s.solicitacao), ...(s.liquidacao ? { liquidacao: iso(s.liquidacao) } : {}) },
        favorecido: JSON.parse(s.favorecido) as object,
      }
    })

    // Any other address under the emulator: the standard's problem (RFC 7807), not the app's own 404.
    app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: `${P}/*`, handler: async (_req, reply) => problem(reply, 404, 'NaoEncontrado', 'Não Encontrado', undefined, 'O recurso solicitado não existe.') })
  }

  private takeOutage(): boolean {
    if (this.faults.unavailable <= 0) return false
    this.faults.unavailable--
    return true
  }

  private async settleRefund(e2e: string, id: string): Promise<void> {
    const refused = this.faults.refuseRefunds
    const r = await this.o.db.query(
      `UPDATE psp_sandbox_refunds SET status = $3, liquidacao = $4, motivo = $5 WHERE e2e_id = $1 AND id = $2 AND status = 'EM_PROCESSAMENTO' RETURNING 1`,
      [e2e, id, refused ? 'NAO_REALIZADO' : 'DEVOLVIDO', refused ? null : new Date(this.o.now()), refused ? 'Negado pelo PSP do pagador' : null],
    )
    if (!r.rows.length) return
    const p = await this.o.db.query<{ chave: string }>('SELECT chave FROM psp_sandbox_pix WHERE e2e_id = $1', [e2e])
    await this.notify(p.rows[0]?.chave ?? this.o.chave, [await this.pixJson(this.o.db, e2e)])
  }

  /**
   * Revises a charge (its row locked by the caller): when anything differs from what it holds, the
   * row takes the new values and revisao + 1, and the revision is kept; otherwise it stays as it is.
   */
  private async revise(q: Queryable, cur: CobRow, next: Revisable, at: Date): Promise<CobRow> {
    const same =
      next.status === cur.status &&
      next.valor === BigInt(cur.valor) &&
      next.chave === cur.chave &&
      next.solicitacao === cur.solicitacao &&
      next.expiracao === cur.expiracao &&
      canonical(next.devedor) === canonical(cur.devedor) &&
      canonical(next.info_adicionais) === canonical(cur.info_adicionais)
    if (same) return cur
    const r = await q.query<CobRow>(
      `UPDATE psp_sandbox_cobs SET revisao = revisao + 1, status = $2, valor = $3, chave = $4, solicitacao = $5, expiracao = $6, devedor = $7, info_adicionais = $8 WHERE txid = $1 RETURNING *`,
      [cur.txid, next.status, next.valor, next.chave, next.solicitacao, next.expiracao, jsonOrNull(next.devedor), jsonOrNull(next.info_adicionais)],
    )
    const row = one(r.rows, 'the charge revised')
    await this.keepRevision(q, row, at)
    return row
  }

  /** Keeps the charge as it now stands as its current revision (the standard keeps every revision: GET ?revisao=N). */
  private async keepRevision(q: Queryable, c: CobRow, at: Date): Promise<void> {
    await q.query(
      `INSERT INTO psp_sandbox_cob_revisions (txid, revisao, status, valor, chave, solicitacao, expiracao, devedor, info_adicionais, revised_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [c.txid, c.revisao, c.status, c.valor, c.chave, c.solicitacao, c.expiracao, jsonOrNull(c.devedor), jsonOrNull(c.info_adicionais), at],
    )
  }

  /** A charge in the standard's shape (CobCompleta); its Pix all of them, those up to a time (an earlier revision's), or none. */
  private async cobJson(c: CobRow, pixUntil?: Date | null): Promise<object> {
    const pix = pixUntil === null ? { rows: [] } : await this.o.db.query<{ e2e_id: string }>(`SELECT e2e_id FROM psp_sandbox_pix WHERE txid = $1${pixUntil ? ' AND horario <= $2' : ''} ORDER BY horario`, pixUntil ? [c.txid, pixUntil] : [c.txid])
    const items = []
    for (const p of pix.rows) items.push(await this.pixJson(this.o.db, p.e2e_id))
    return {
      calendario: { criacao: iso(c.criacao), expiracao: c.expiracao },
      txid: c.txid,
      revisao: c.revisao,
      loc: { id: Number(c.loc_id), location: c.location, tipoCob: 'cob' },
      location: c.location,
      status: c.status,
      ...(c.devedor ? { devedor: c.devedor } : {}),
      valor: { original: centavosToValor(BigInt(c.valor)), modalidadeAlteracao: 0 },
      chave: c.chave,
      ...(c.solicitacao ? { solicitacaoPagador: c.solicitacao } : {}),
      ...(c.info_adicionais ? { infoAdicionais: c.info_adicionais } : {}),
      ...(this.faults.omitCopiaECola ? {} : { pixCopiaECola: c.br_code }),
      ...(items.length ? { pix: items } : {}),
    }
  }

  private async refundJson(e2e: string, id: string): Promise<object | null> {
    const r = await this.o.db.query<RefundRow>('SELECT * FROM psp_sandbox_refunds WHERE e2e_id = $1 AND id = $2', [e2e, id])
    return r.rows[0] ? refundJson(r.rows[0]) : null
  }
}
