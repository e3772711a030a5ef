/**
 * The PSP emulator's rows and the small pieces of the standard's wire it writes: ids, problems,
 * refunds as JSON. (PspEmulator.ts holds the bank itself.)
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import type { z } from 'zod/mini'
import { centavosToValor, ERROR_TYPE, type Devedor, type InfoAdicionais, type Problema } from '../apipix/wire'

/** The ISPB the emulator writes into its end-to-end ids (none of a real participant). */
const ISPB = '99999999'

/** A charge as it stood at one of its revisions (psp_sandbox_cob_revisions): the fields a revision may change. */
export interface CobRevisionRow {
  txid: string
  revisao: number
  status: string
  valor: bigint
  chave: string
  solicitacao: string | null
  expiracao: number
  /** The devedor given (cpf or cnpj, and nome); null: none. */
  devedor: Devedor | null
  /** The infoAdicionais given ([{nome, valor}]); null: none. */
  info_adicionais: InfoAdicionais | null
  revised_at: Date
}

/** A charge as it stands: its revision's fields, its location and its code. */
export interface CobRow extends Omit<CobRevisionRow, 'revised_at'> {
  criacao: Date
  loc_id: bigint
  location: string
  br_code: string
}

export interface PixRow {
  e2e_id: string
  txid: string | null
  valor: bigint
  chave: string
  horario: Date
  /** Who paid (the bank page's "CPF do pagador"); null: not recorded. */
  pagador_cpf: string | null
  pagador_nome: string | null
}

export interface RefundRow {
  e2e_id: string
  id: string
  rtr_id: string
  valor: bigint
  descricao: string | null
  /** ORIGINAL (a return the receiver asked for) or the MED's MED_OPERACIONAL / MED_FRAUDE. */
  natureza: string
  status: string
  solicitacao: Date
  liquidacao: Date | null
  motivo: string | null
}

export interface SendRow {
  id_envio: string
  e2e_id: string
  valor: bigint
  pagador_chave: string
  favorecido: string
  status: string
  solicitacao: Date
  liquidacao: Date | null
  erro: string | null
}

export const iso = (d: Date | string) => new Date(d).toISOString()
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
function alnum(n: number): string {
  const bytes = randomBytes(n)
  return Array.from(bytes, (b) => ALNUM[b % ALNUM.length]).join('')
}
/** An end-to-end (E) or return (D) id: letter, ISPB, yyyyMMddHHmm, 11 more: 32 characters. */
export function e2eId(letter: 'E' | 'D', at: number): string {
  const stamp = new Date(at).toISOString().replace(/[-:T]/g, '').slice(0, 12)
  return `${letter}${ISPB}${stamp}${alnum(11)}`
}

export function refundJson(d: RefundRow): object {
  return {
    id: d.id,
    rtrId: d.rtr_id,
    valor: centavosToValor(BigInt(d.valor)),
    natureza: d.natureza,
    ...(d.descricao ? { descricao: d.descricao } : {}),
    horario: { solicitacao: iso(d.solicitacao), ...(d.liquidacao ? { liquidacao: iso(d.liquidacao) } : {}) },
    status: d.status,
    ...(d.motivo ? { motivo: d.motivo } : {}),
  }
}

export function problem(reply: FastifyReply, status: number, kind: string, title: string, violacoes?: Problema['violacoes'], detail?: string): FastifyReply {
  const body: Problema = { type: `${ERROR_TYPE}${kind}`, title, status, ...(detail ? { detail } : {}), ...(violacoes ? { violacoes } : {}) }
  return reply.code(status).type('application/problem+json').send(body)
}

export function parse<S extends z.ZodMiniType>(schema: S, body: unknown): { ok: true; data: z.infer<S> } | { ok: false; path: string } {
  const r = schema.safeParse(body)
  return r.success ? { ok: true, data: r.data as z.infer<S> } : { ok: false, path: r.error.issues[0]?.path.join('.') ?? '' }
}

export function same(a: string | undefined, b: string): boolean {
  const x = Buffer.from(a ?? '')
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref())
