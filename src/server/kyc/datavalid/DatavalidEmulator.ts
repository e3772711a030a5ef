import { randomBytes } from 'node:crypto'
import { isValidCpf } from '@brazilian-utils/brazilian-utils'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { same } from '../../payments/emulator/emulatorWire'
import { pfInput, type PfInput, type PfResult, type SituacaoCpf } from './wire'

/** Where the emulator's API lives on this server (KYC_PROVIDER=emulator points the adapter here): {prefix}/token, {prefix}/v3/validate/pf-basica, pf-facial. */
export const KYC_EMULATOR_PREFIX = '/api/kyc/emulator/datavalid'

/**
 * The emulator's fixed test CPFs (valid check digits, 100.000.00X-YY) and what each answers. Every
 * other CPF whose check digits hold is regular, and matches any name, birth date and face.
 */
export const DATAVALID_TEST_CPFS = {
  /** situacao_cpf: suspensa. */
  suspended: '10000000108',
  /** situacao_cpf: titular falecido. */
  deceased: '10000000280',
  /** situacao_cpf: cancelada de oficio. */
  cancelled: '10000000361',
  /** situacao_cpf: nula. */
  nullified: '10000000442',
  /** cpf_disponivel: false (not in the base). */
  notFound: '10000000523',
  /** nome: false, nome_similaridade 0.31, whatever the name. */
  nameMismatch: '10000000604',
  /** data_nascimento: false, whatever the date (only when one is sent). */
  birthDateMismatch: '10000000795',
  /** 422 DV001: a minor's data (the LGPD forbids validating it). */
  minor: '10000000876',
  /** biometria_face: Baixíssima probabilidade (pf-facial only). */
  faceMismatch: '10000000957',
  /** 503 from the gateway, every time: Datavalid down. */
  outage: '10000001090',
} as const

const SITUATION: Partial<Record<string, SituacaoCpf>> = {
  [DATAVALID_TEST_CPFS.suspended]: 'suspensa',
  [DATAVALID_TEST_CPFS.deceased]: 'titular falecido',
  [DATAVALID_TEST_CPFS.cancelled]: 'cancelada de oficio',
  [DATAVALID_TEST_CPFS.nullified]: 'nula',
}

/** Tokens live one hour, as the docs say Serpro's do. */
const TOKEN_TTL_SECONDS = 3600
/** The docs' largest request: 3 MB (a face photo in base64). */
const BODY_LIMIT = 3 * 1024 * 1024
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

interface DatavalidEmulatorOptions {
  now: () => number
  /** The consumer key and secret it takes at its token endpoint (the adapter is configured with the same). */
  client: { key: string; secret: string }
}

/**
 * Serpro's Datavalid on this server (KYC_PROVIDER=emulator, demo mode; production refuses it): the
 * token endpoint and v3 pf-basica / pf-facial over real HTTP, so the adapter runs end to end in the
 * demo and in every test. It keeps no records: each answer follows from the CPF alone.
 * Where the docs are silent, the shapes are our choice: the token endpoint's 401 body (OAuth2's
 * {error, error_description}) and the gateway's 401/503 bodies (the OpenAPI's GatewayNegate,
 * {code, message, description}).
 */
export class DatavalidEmulator {
  private readonly tokens = new Map<string, number>()

  constructor(private readonly o: DatavalidEmulatorOptions) {}

  routes(app: FastifyInstance): void {
    const P = KYC_EMULATOR_PREFIX
    app.post(`${P}/token`, async (req, reply) => {
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ')
      const decoded = Buffer.from(encoded ?? '', 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      const key = colon < 0 ? undefined : decoded.slice(0, colon)
      const secret = colon < 0 ? undefined : decoded.slice(colon + 1)
      if (scheme !== 'Basic' || !same(key, this.o.client.key) || !same(secret, this.o.client.secret)) {
        return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed.' })
      }
      if ((req.body as { grant_type?: unknown } | null)?.grant_type !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Unsupported grant_type value' })
      this.forgetExpired()
      const token = randomBytes(16).toString('hex')
      this.tokens.set(token, this.o.now() + TOKEN_TTL_SECONDS * 1000)
      return { scope: 'am_application_scope default', token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, access_token: token }
    })

    const guard = async (req: FastifyRequest, reply: FastifyReply) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      const until = token ? this.tokens.get(token) : undefined
      if (until === undefined || until <= this.o.now()) return reply.code(401).send({ code: 900901, message: 'Invalid Credentials', description: 'Access failure for API: /datavalid, version: v3. Make sure your have given the correct access token' })
      return undefined
    }
    const opts = { preHandler: guard, bodyLimit: BODY_LIMIT }
    app.post(`${P}/v3/validate/pf-basica`, opts, async (req, reply) => this.validate(req.body, false, reply))
    app.post(`${P}/v3/validate/pf-facial`, opts, async (req, reply) => this.validate(req.body, true, reply))
  }

  private validate(raw: unknown, facial: boolean, reply: FastifyReply): FastifyReply | PfResult {
    const parsed = pfInput.safeParse(raw)
    if (!parsed.success) {
      // The docs' 400: a field not as the method expects.
      const property = parsed.error.issues[0]?.path.join('.') ?? ''
      const code = property === 'answer.situacao_cpf' ? 'DV014' : 'DV000'
      return reply.code(code === 'DV014' ? 422 : 400).send(code === 'DV014' ? [{ code, property, message: 'Situação do CPF inválida' }] : { message: 'Requisição inválida', property })
    }
    const { key, answer } = parsed.data
    if (!isValidCpf(key.cpf)) return reply.code(422).send([{ code: 'DV010', property: 'key.cpf', message: 'CPF inválido' }])
    if (facial && !answer.biometria_face) return reply.code(400).send({ message: 'Requisição inválida', property: 'answer.biometria_face' })
    const face = facial ? answer.biometria_face : undefined
    if (face && !BASE64.test(face.base64)) return reply.code(422).send([{ code: 'DV044', property: 'answer.biometria_face.base64', message: 'Erro ao recuperar a imagem da face codificada em base64' }])
    const cpf = key.cpf
    if (cpf === DATAVALID_TEST_CPFS.outage) return reply.code(503).send({ code: 503, message: 'Service Unavailable', description: 'The service is temporarily unavailable' })
    if (cpf === DATAVALID_TEST_CPFS.minor) return reply.code(422).send([{ code: 'DV001', property: 'key.cpf', message: 'LGPD: Validação de dados de menor de idade não permitida' }])
    if (cpf === DATAVALID_TEST_CPFS.notFound) return { cpf_disponivel: false }
    return this.answer(cpf, answer, face)
  }

  /** Only the fields asked come back, each true when it is what the "base" holds. */
  private answer(cpf: string, asked: PfInput['answer'], face: PfInput['answer']['biometria_face']): PfResult {
    const nameOk = cpf !== DATAVALID_TEST_CPFS.nameMismatch
    const faceOk = cpf !== DATAVALID_TEST_CPFS.faceMismatch
    return {
      cpf_disponivel: true,
      ...(asked.nome === undefined ? {} : { nome: nameOk, nome_similaridade: nameOk ? 1 : 0.31 }),
      ...(asked.situacao_cpf === undefined ? {} : { situacao_cpf: asked.situacao_cpf === (SITUATION[cpf] ?? 'regular') }),
      ...(asked.data_nascimento === undefined ? {} : { data_nascimento: cpf !== DATAVALID_TEST_CPFS.birthDateMismatch }),
      ...(face === undefined
        ? {}
        : { biometria_face: { disponivel: true, probabilidade: faceOk ? 'Altíssima probabilidade' : 'Baixíssima probabilidade', similaridade: faceOk ? 0.97 : 0.12 } }),
    }
  }

  private forgetExpired(): void {
    const now = this.o.now()
    for (const [token, until] of this.tokens) if (until <= now) this.tokens.delete(token)
  }
}
