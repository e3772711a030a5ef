import type { OpsRole } from '../../../shared/contract/opsConsole'

/**
 * A CPF or CNPJ as an operator without the need to see it whole reads it (the usual LGPD masking:
 * the middle digits, the rest starred): 123.456.789-01 -> ***.456.789-**, 12.345.678/0001-95 ->
 * **.345.678/0001-**. Anything else (a USDT address) keeps its first and last four characters.
 */
export function maskTaxId(value: string): string {
  const digits = value.replace(/\D/g, '')
  if (digits.length === 11 && /^[\d.-]+$/.test(value)) return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`
  if (digits.length === 14 && /^[\d./-]+$/.test(value)) return `**.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-**`
  return value.length > 8 ? `${value.slice(0, 4)}…${value.slice(-4)}` : '***'
}

/** Whether an operator of `role` reads tax ids whole: the roles that act on them (payments, risk, admin); support reads them masked. */
export const seesTaxIdWhole = (role: OpsRole) => role !== 'support'

/** A tax id as an operator of `role` reads it (whole or masked, by seesTaxIdWhole). */
export function taxIdFor(role: OpsRole, value: string): string {
  return value === '' || seesTaxIdWhole(role) ? value : maskTaxId(value)
}
