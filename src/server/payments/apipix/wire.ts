/**
 * The Banco Central's "API Pix" (bacen/pix-api openapi.yaml, version 2.8.1) and Efí's Pix send
 * API, as far as this server uses them: the shapes both the adapter (which reads what a PSP
 * answers) and the built-in PSP emulator (which answers) check, field for field.
 */
import { z } from 'zod/mini'
import { centavosToText, reaisTextToCentavos } from '../../../shared/money'

/** A charge's txid: 26 to 35 letters and digits, made by the receiver (PUT /cob/{txid}). */
export const TXID = /^[a-zA-Z0-9]{26,35}$/
/** A Pix's txid as it comes back (static QR codes may carry short ones). */
const PIX_TXID = /^[a-zA-Z0-9]{1,35}$/
/** EndToEndIdentification: exactly 32 letters and digits. */
export const E2E_ID = /^[a-zA-Z0-9]{32}$/
/** A refund's id (devolução) and Efí's idEnvio: 1 to 35 letters and digits. */
export const SHORT_ID = /^[a-zA-Z0-9]{1,35}$/
/** Money as the standard writes it: reais with exactly two decimals. */
const VALOR = /^\d{1,10}\.\d{2}$/

const valor = () => z.string().check(z.regex(VALOR))
const instant = () => z.iso.datetime({ offset: true })

/** "10.00" -> 1000n centavos. */
export function valorToCentavos(text: string): bigint {
  if (!VALOR.test(text)) throw new Error(`not a Pix amount: ${text.slice(0, 20)}`)
  const c = reaisTextToCentavos(text)
  if (c === null) throw new Error(`not a Pix amount: ${text.slice(0, 20)}`)
  return c
}

/** 1000n centavos -> "10.00". */
export const centavosToValor = (c: bigint): string => centavosToText(c)

const cobStatus = z.enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'])

/**
 * A charge's devedor: PessoaFisica (cpf, nome) or PessoaJuridica (cnpj, nome), both fields
 * required, nome at most 200; "não é permitido que o campo devedor.cpf e campo devedor.cnpj
 * estejam preenchidos ao mesmo tempo".
 */
export const devedor = z.union([
  z.object({ cpf: z.string().check(z.regex(/^\d{11}$/)), nome: z.string().check(z.maxLength(200)), cnpj: z.optional(z.never()) }),
  z.object({ cnpj: z.string().check(z.regex(/^\d{14}$/)), nome: z.string().check(z.maxLength(200)), cpf: z.optional(z.never()) }),
])
export type Devedor = z.infer<typeof devedor>
/** CobBase.infoAdicionais: at most 50 pairs (the standard writes `maximum: 50`), nome up to 50, valor up to 200, both required. */
export const infoAdicionais = z.array(z.object({ nome: z.string().check(z.maxLength(50)), valor: z.string().check(z.maxLength(200)) })).check(z.maxLength(50))
export type InfoAdicionais = z.infer<typeof infoAdicionais>
const modalidadeAlteracao = () => z.int().check(z.minimum(0), z.maximum(1))

/** CobSolicitada: the body of PUT /cob/{txid}. */
export const cobSolicitada = z.object({
  calendario: z.object({ expiracao: z.optional(z.int().check(z.positive())) }),
  devedor: z.optional(devedor),
  valor: z.object({ original: valor(), modalidadeAlteracao: z.optional(modalidadeAlteracao()) }),
  chave: z.string().check(z.minLength(1), z.maxLength(77)),
  solicitacaoPagador: z.optional(z.string().check(z.maxLength(140))),
  infoAdicionais: z.optional(infoAdicionais),
})
export type CobSolicitada = z.infer<typeof cobSolicitada>

/**
 * CobRevisada: the body of PATCH /cob/{txid}. Every field optional: a new expiry, devedor, loc,
 * amount, key, note to the payer, infoAdicionais, or the status REMOVIDA_PELO_USUARIO_RECEBEDOR
 * (alone: never with other changes).
 */
export const cobRevisada = z.object({
  calendario: z.optional(z.object({ expiracao: z.optional(z.int().check(z.positive())) })),
  devedor: z.optional(devedor),
  loc: z.optional(z.object({ id: z.int() })),
  status: z.optional(z.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR')),
  valor: z.optional(z.object({ original: z.optional(valor()), modalidadeAlteracao: z.optional(modalidadeAlteracao()) })),
  chave: z.optional(z.string().check(z.minLength(1), z.maxLength(77))),
  solicitacaoPagador: z.optional(z.string().check(z.maxLength(140))),
  infoAdicionais: z.optional(infoAdicionais),
})
export type CobRevisada = z.infer<typeof cobRevisada>

/**
 * DevolucaoNatureza: ORIGINAL (MD06, a return the receiver asked for), RETIRADA (SL02, Pix Saque
 * or Troco), MED_OPERACIONAL (BE08) and MED_FRAUDE (FR01), the MED's returns of a common Pix.
 * Absent means ORIGINAL. Read as text: the standard may add elements to its enumerations.
 */
export const MED_NATUREZAS = ['MED_OPERACIONAL', 'MED_FRAUDE'] as const

/** Devolucao: a refund as the PSP reports it (required: id, rtrId, valor, horario, status). */
export const devolucao = z.object({
  id: z.string().check(z.regex(SHORT_ID)),
  rtrId: z.string().check(z.regex(E2E_ID)),
  valor: valor(),
  natureza: z.optional(z.string()),
  descricao: z.optional(z.string().check(z.maxLength(140))),
  horario: z.object({ solicitacao: z.optional(instant()), liquidacao: z.optional(instant()) }),
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  motivo: z.optional(z.string().check(z.maxLength(140))),
})
export type Devolucao = z.infer<typeof devolucao>

/** DevolucaoSolicitada: the body of PUT /pix/{e2eid}/devolucao/{id}. */
export const devolucaoSolicitada = z.object({
  valor: valor(),
  natureza: z.optional(z.enum(['ORIGINAL', 'RETIRADA'])),
  descricao: z.optional(z.string().check(z.maxLength(140))),
})

/** Pix: a payment received. */
export const pix = z.object({
  endToEndId: z.string().check(z.regex(E2E_ID)),
  txid: z.optional(z.string().check(z.regex(PIX_TXID))),
  valor: valor(),
  chave: z.optional(z.string().check(z.maxLength(77))),
  horario: instant(),
  infoPagador: z.optional(z.string().check(z.maxLength(140))),
  /** Who paid (API Pix 2.6: optional): a person's CPF or a company's CNPJ, and the name. */
  pagador: z.optional(z.object({ cpf: z.optional(z.string().check(z.regex(/^\d{11}$/))), cnpj: z.optional(z.string().check(z.regex(/^\d{14}$/))), nome: z.optional(z.string().check(z.maxLength(200))) })),
  devolucoes: z.optional(z.array(devolucao)),
})
export type Pix = z.infer<typeof pix>

/** CobGerada / CobCompleta: a charge as the PSP answers it (PUT and GET /cob/{txid}). */
export const cobCompleta = z.object({
  calendario: z.object({ criacao: instant(), expiracao: z.int() }),
  txid: z.string().check(z.regex(TXID)),
  revisao: z.int(),
  loc: z.optional(z.object({ id: z.int(), location: z.string().check(z.maxLength(77)), tipoCob: z.optional(z.enum(['cob', 'cobv'])) })),
  location: z.optional(z.string().check(z.maxLength(77))),
  status: cobStatus,
  valor: z.object({ original: valor(), modalidadeAlteracao: z.optional(z.int()) }),
  chave: z.string().check(z.maxLength(77)),
  solicitacaoPagador: z.optional(z.string().check(z.maxLength(140))),
  pixCopiaECola: z.optional(z.string().check(z.maxLength(512))),
  pix: z.optional(z.array(pix)),
})

const paginacao = z.object({
  paginaAtual: z.int().check(z.minimum(0)),
  itensPorPagina: z.int().check(z.minimum(1)),
  quantidadeDePaginas: z.int().check(z.minimum(1)),
  quantidadeTotalDeItens: z.int().check(z.minimum(0)),
})

/** PixConsultados: GET /pix?inicio=&fim= (received Pix, a page of them). */
export const pixConsultados = z.object({
  parametros: z.object({ inicio: instant(), fim: instant(), paginacao }),
  pix: z.array(pix),
})

/** An item of Efí's webhook for a Pix we sent (tipo SOLICITACAO, our idEnvio in gnExtras). */
export const efiSentNotice = z.object({
  endToEndId: z.optional(z.string()),
  tipo: z.literal('SOLICITACAO'),
  status: z.enum(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO']),
  valor: valor(),
  horario: z.nullable(z.optional(instant())),
  gnExtras: z.object({
    idEnvio: z.string().check(z.regex(SHORT_ID)),
    erro: z.optional(z.object({ codigo: z.optional(z.string()), origem: z.optional(z.string()), motivo: z.optional(z.string()) })),
  }),
})

/** The webhook's body, `POST {webhookUrl}/pix`: received Pix (the standard) and, at Efí, sent ones. */
export const webhookBody = z.object({ pix: z.array(z.unknown()).check(z.minLength(1), z.maxLength(1000)) })

/** Efí's test call when a webhook is registered: `{"evento": "teste_webhook"}`, to be answered 200 (or Efí refuses the registration). */
export const efiWebhookTest = z.object({ evento: z.literal('teste_webhook') })

/** A problem answer (RFC 7807, the standard's errors): what it says, for a person to read. */
export function problemText(body: unknown): string {
  const p = body as { title?: unknown; detail?: unknown; violacoes?: { razao?: unknown }[]; mensagem?: unknown } | null
  const razao = Array.isArray(p?.violacoes) ? p.violacoes.map((v) => v?.razao).find((r) => typeof r === 'string') : undefined
  const text = [razao, p?.detail, p?.mensagem, p?.title].find((t): t is string => typeof t === 'string' && t.trim() !== '')
  return (text ?? 'refused').slice(0, 140)
}

const efiSendStatus = z.enum(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'])

/** Efí's send request: PUT /v3/gn/pix/{idEnvio}. */
export const efiSendBody = z.object({
  valor: valor(),
  pagador: z.object({ chave: z.string().check(z.minLength(1), z.maxLength(77)), infoPagador: z.optional(z.string().check(z.maxLength(140))) }),
  favorecido: z.union([
    z.object({
      chave: z.string().check(z.minLength(1), z.maxLength(77)),
      cpf: z.optional(z.string().check(z.regex(/^\d{11}$/))),
      cnpj: z.optional(z.string().check(z.regex(/^\d{14}$/))),
    }),
    z.object({
      contaBanco: z.object({
        nome: z.string().check(z.maxLength(200)),
        cpf: z.optional(z.string().check(z.regex(/^\d{11}$/))),
        cnpj: z.optional(z.string().check(z.regex(/^\d{14}$/))),
        codigoBanco: z.string().check(z.regex(/^\d{8}$/)),
        agencia: z.string().check(z.regex(/^\d{1,4}$/)),
        conta: z.string().check(z.regex(/^\d+$/)),
        tipoConta: z.enum(['cacc', 'svgs']),
      }),
    }),
  ]),
})
export type EfiSendBody = z.infer<typeof efiSendBody>

/** Efí's answer to a send (v2 docs say e2eId, the v3 SDK endToEndId: either is read). */
export const efiSendReply = z.object({
  idEnvio: z.string(),
  e2eId: z.optional(z.string()),
  endToEndId: z.optional(z.string()),
  valor: valor(),
  horario: z.object({ solicitacao: instant() }),
  status: efiSendStatus,
})

/** GET /v2/gn/pix/enviados/id-envio/{idEnvio}. */
export const efiSentPix = z.object({
  endToEndId: z.optional(z.string()),
  idEnvio: z.string(),
  valor: valor(),
  status: efiSendStatus,
  horario: z.object({ solicitacao: instant(), liquidacao: z.optional(instant()) }),
})

/** The OAuth2 token reply. */
export const tokenReply = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string(),
  expires_in: z.int().check(z.positive()),
  scope: z.optional(z.string()),
})

/** An answer whose body we do not read (201/204 of a webhook's registration). */
export const anyReply = z.unknown()

/** RFC 7807 problem, as API Pix errors are written. */
export const ERROR_TYPE = 'https://pix.bcb.gov.br/api/v2/error/'
export interface Problema {
  type: string
  title: string
  status: number
  detail?: string
  violacoes?: { razao: string; propriedade: string; valor?: string }[]
}
