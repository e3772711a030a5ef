/**
 * The Brazil-regulated profile (JURISDICTION=BR; issue 31), the one home of its rules where the
 * money paths ask them: no deposit-linked bonus (packages with a gift, the compensation and boost
 * offers, the second-deposit gift), the two prudential limits before the first deposit (Portaria
 * SPA/MF 2.579/2025: a monthly loss limit and a daily time limit), own money only (no transfers
 * between players, no CNPJ or USDT withdrawals; a deposit's payer is checked in deposits/service),
 * and the terms accepted in their current version. Unset, the spec's behaviour.
 */
import { isValidCep, isValidMobilePhone } from '@brazilian-utils/brazilian-utils'
import { BR_STATES, type KYC_GENDERS } from '../../shared/contract/user'
import type { Config } from '../config'
import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'

export const isBrazil = (config: Pick<Config, 'jurisdiction'>) => config.jurisdiction.code === 'BR'

/** The packages that are a plain amount (BRL, or none named): all the BR profile's cashier lists. */
export const PLAIN_CURRENCIES: readonly string[] = ['BRL', '']

/** Whether deposit-linked bonuses (gift packages, compensation and boost offers, the second-deposit gift) are offered at all. */
export const depositBonusesOffered = (config: Pick<Config, 'jurisdiction'>) => !isBrazil(config)

/** The withdrawal types the profile allows beside the spec's rule: in BR, the own CPF only. */
export function withdrawalOptions(config: Pick<Config, 'jurisdiction' | 'wallet'>, lx: string): { lx: string; cnpj: boolean } {
  return isBrazil(config) ? { lx: '', cnpj: false } : { lx, cnpj: config.wallet.withdrawCnpj }
}

/** Transfers between players: none in BR (each player's money is their own). */
export function assertTransfersOffered(config: Pick<Config, 'jurisdiction'>): void {
  if (isBrazil(config)) throw new AppError('BR_TRANSFER_NOT_OFFERED')
}

/**
 * A deposit in BR: no gift, and a plain package only (no offer or first-deposit package); the monthly loss limit and the daily time
 * limit set (in force or waiting for a raise); the current terms accepted. Under the player's lock.
 */
export async function assertDepositAllowed(config: Pick<Config, 'jurisdiction'>, q: Queryable, userId: bigint, d: { gift: 0 | 1; plain: boolean }, now: Date): Promise<void> {
  if (!isBrazil(config)) return
  if (d.gift === 1 || !d.plain) throw new AppError('BR_BONUS_NOT_OFFERED')
  await assertTermsAccepted(config, q, userId)
  const set = await q.query<{ kind: string }>(
    "SELECT kind FROM rg_limits_at($1, $2) WHERE value IS NOT NULL AND ((kind = 'loss' AND period = 'month') OR (kind = 'time' AND period = 'day'))",
    [userId, now],
  )
  const kinds = new Set(set.rows.map((r) => r.kind))
  if (!kinds.has('loss') || !kinds.has('time')) throw new AppError('RG_LIMITS_REQUIRED')
}

/** In BR, money moves only for a player who accepted the terms' current version (asked again at the next login after a change). */
export async function assertTermsAccepted(config: Pick<Config, 'jurisdiction'>, q: Queryable, userId: bigint): Promise<void> {
  if (!isBrazil(config)) return
  const r = await q.query<{ terms_version: string | null }>('SELECT terms_version FROM users WHERE id = $1', [userId])
  if (r.rows[0]?.terms_version !== config.jurisdiction.termsVersion) throw new AppError('TERMS_NOT_ACCEPTED')
}

/** Whole years between a birth date (YYYY-MM-DD) and the São Paulo day of `now`. */
export function ageOn(birthDate: string, now: number): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number]
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0)
}

/** The age a player must have: 18 (Lei 14.790/2023, art. 26). */
export const ADULT_AGE = 18

export interface BrIdentity {
  birthDate: string
  phone: string
  gender: (typeof KYC_GENDERS)[number]
  address: { cep: string; street: string; number: string; complement?: string; city: string; state: string }
}

/**
 * What KYC needs beside the name and CPF: in every profile a birth date, when given, must be an
 * adult's (KYC_UNDERAGE); in BR the birth date, a Brazilian mobile phone (+55 and the number),
 * the gender and the full address (a CEP, a street, a number, a city and one of the 27 states)
 * are required and each checked (KYC_BR_FIELDS). Answers them normalised (BR), or null.
 */
export function kycIdentity(config: Pick<Config, 'jurisdiction'>, body: { birthDate?: string; phone?: string; gender?: BrIdentity['gender']; address?: BrIdentity['address'] }, now: number): BrIdentity | null {
  if (body.birthDate && ageOn(body.birthDate, now) < ADULT_AGE) throw new AppError('KYC_UNDERAGE')
  if (!isBrazil(config)) return null
  const a = body.address
  const phone = (body.phone ?? '').replace(/[^\d+]/g, '')
  const ok =
    body.birthDate !== undefined &&
    isValidMobilePhone(phone) &&
    body.gender !== undefined &&
    a !== undefined &&
    isValidCep(a.cep) &&
    [a.street, a.number, a.city].every((v) => v.trim().length > 0) &&
    (BR_STATES as readonly string[]).includes(a.state.toUpperCase())
  if (!ok || !body.birthDate || !body.gender || !a) throw new AppError('KYC_BR_FIELDS')
  const digits = phone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '')
  return {
    birthDate: body.birthDate,
    phone: `+55${digits}`,
    gender: body.gender,
    address: { cep: a.cep.replace(/\D/g, ''), street: a.street.trim(), number: a.number.trim(), ...(a.complement?.trim() ? { complement: a.complement.trim() } : {}), city: a.city.trim(), state: a.state.toUpperCase() },
  }
}
