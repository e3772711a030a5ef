/**
 * Serpro Datavalid v3, as far as this server uses it: the shapes both the adapter (which reads
 * what Datavalid answers) and the built-in emulator (which answers) check, field for field.
 *
 * Sources: Serpro's Datavalid documentation (apidocs.datavalidp.estaleiro.serpro.gov.br: quick
 * start, "HTTP Status Codes", "Information that can be validated") and the models of its OpenAPI
 * description (PFBasicaInput / PFFacialInput, PFBasicaResult / PFFacialResult, FaceAnswer,
 * FaceResult, Violation). Only the fields this server sends or reads are listed; the rest of the
 * answer (cnh, filiacao, documento, endereco ...) is left unread.
 */
import { z } from 'zod/mini'

/** The API's paths under its root (https://gateway.apiserpro.serpro.gov.br/datavalid). */
export const PF_BASICA_PATH = '/v3/validate/pf-basica'
export const PF_FACIAL_PATH = '/v3/validate/pf-facial'

/** answer.situacao_cpf: the CPF's situation at the Receita Federal, as the docs spell the enum. */
const SITUACOES_CPF = ['regular', 'suspensa', 'titular falecido', 'pendente de regularização', 'cancelada por multiplicidade', 'nula', 'cancelada de oficio'] as const
export type SituacaoCpf = (typeof SITUACOES_CPF)[number]

/** FaceResult.probabilidade, from the highest to the lowest. */
const PROBABILIDADES = ['Altíssima probabilidade', 'Alta probabilidade', 'Baixa probabilidade', 'Baixíssima probabilidade'] as const

/**
 * The token endpoint's answer (OAuth2 client credentials: POST {token url}, Basic
 * base64(consumer key:consumer secret), form body grant_type=client_credentials); the docs'
 * example: {"scope":"am_application_scope default","token_type":"Bearer","expires_in":3295,"access_token":"..."}.
 */
export const tokenReply = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
  expires_in: z.number().check(z.positive()),
  scope: z.optional(z.string()),
})

/** A CPF as Datavalid takes it: eleven digits, no mask. */
const CPF = /^\d{11}$/

/**
 * The request body of pf-basica and pf-facial: `key` names the person, `answer` holds what is to be
 * confirmed (every field optional; only those sent are judged). data_nascimento is YYYY-MM-DD.
 * biometria_face (pf-facial only): FaceAnswer, the photo as base64 without line breaks, JPG, PNG or PDF.
 */
export const pfInput = z.object({
  key: z.object({ cpf: z.string().check(z.regex(CPF)) }),
  answer: z.object({
    nome: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    data_nascimento: z.optional(z.iso.date()),
    situacao_cpf: z.optional(z.enum(SITUACOES_CPF)),
    biometria_face: z.optional(z.object({ formato: z.optional(z.enum(['JPG', 'PNG', 'PDF'])), base64: z.string().check(z.minLength(1)) })),
  }),
})
export type PfInput = z.infer<typeof pfInput>

/**
 * PFBasicaResult / PFFacialResult, the fields read here. cpf_disponivel: the CPF exists in the
 * government's base. nome, data_nascimento, situacao_cpf: whether what was sent is what the base
 * holds (only the fields sent come back); nome_similaridade: 0 to 1. biometria_face (pf-facial):
 * disponivel (a face is on record), probabilidade, similaridade (0 to 1).
 */
export const pfResult = z.object({
  cpf_disponivel: z.boolean(),
  nome: z.optional(z.boolean()),
  nome_similaridade: z.optional(z.number().check(z.gte(0), z.lte(1))),
  data_nascimento: z.optional(z.boolean()),
  situacao_cpf: z.optional(z.boolean()),
  biometria_face: z.optional(
    z.object({
      disponivel: z.boolean(),
      probabilidade: z.optional(z.enum(PROBABILIDADES)),
      similaridade: z.optional(z.number().check(z.gte(0), z.lte(1))),
    }),
  ),
})
export type PfResult = z.infer<typeof pfResult>

/** A 422's body: the list of Violation {code, property, message}; code DV001 is "a minor's data: validation not allowed by the LGPD". */
export const violations = z.array(z.object({ code: z.optional(z.string()), property: z.optional(z.string()), message: z.optional(z.string()) }))
