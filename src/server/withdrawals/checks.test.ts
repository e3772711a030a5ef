import { describe, expect, it } from 'vitest'
import { AppError } from '../AppError'
import { destinationFailure, firstWithdrawFailure, normalizeCpf, withdrawDestination, type WithdrawState } from './checks'

const ok: WithdrawState = { locked: false, remaining: 3, withdrawable: 50_000n, min: 3_000n, max: 1_000_000n }
const ask = { amount: 5_000n as bigint | null, type: 'CPF', account: '52998224725' }
const code = (e: AppError | null) => e?.errorName ?? null

describe('the six withdraw checks, in the spec order', () => {
  it('passes a good request', () => {
    expect(firstWithdrawFailure(ok, ask)).toBeNull()
  })

  it('answers with the first failing check when several fail', () => {
    const bad: WithdrawState = { locked: true, remaining: 0, withdrawable: 0n, min: 3_000n, max: 1_000_000n }
    const empty = { amount: null, type: '', account: '' }
    expect(code(firstWithdrawFailure(bad, empty))).toBe('WITHDRAW_LOCKED')
    expect(code(firstWithdrawFailure({ ...bad, locked: false }, empty))).toBe('WITHDRAW_COUNT_EXHAUSTED')
    expect(code(firstWithdrawFailure({ ...bad, locked: false, remaining: 1 }, empty))).toBe('NOTHING_TO_WITHDRAW')
    expect(code(firstWithdrawFailure(ok, empty))).toBe('WITHDRAW_BELOW_MIN')
    expect(code(firstWithdrawFailure(ok, { ...empty, amount: 60_000n }))).toBe('WITHDRAW_ABOVE_MAX')
    expect(code(firstWithdrawFailure(ok, { ...empty, amount: 5_000n }))).toBe('WITHDRAW_INFO_MISSING')
  })

  it('puts the minimum, and the smaller of withdrawable and maximum, in the messages', () => {
    expect(firstWithdrawFailure(ok, { ...ask, amount: 2_999n })?.params).toEqual({ amount: 3_000n })
    expect(firstWithdrawFailure(ok, { ...ask, amount: 50_001n })?.params).toEqual({ amount: 50_000n })
    expect(firstWithdrawFailure({ ...ok, withdrawable: 5_000_000n }, { ...ask, amount: 1_000_001n })?.params).toEqual({ amount: 1_000_000n })
    expect(firstWithdrawFailure(ok, { ...ask, amount: 0n })?.errorName).toBe('WITHDRAW_BELOW_MIN')
    expect(firstWithdrawFailure(ok, { ...ask, amount: 3_000n })).toBeNull()
    expect(firstWithdrawFailure(ok, { ...ask, amount: 50_000n })).toBeNull()
  })
})

describe('withdrawal destinations', () => {
  const ctx = { lx: '', usdtRate: 5.25, cnpj: true }
  it('CPF: digits with valid check digits; ifsc is the account number', () => {
    expect(withdrawDestination('CPF', '529.982.247-25', 'x', ctx)).toEqual({ type: 'CPF', account: '52998224725', ifsc: '52998224725' })
    expect(() => withdrawDestination('CPF', '52998224726', '', ctx)).toThrow(AppError)
    expect(() => withdrawDestination('CPF', '00000000000', '', ctx)).toThrow(AppError)
  })

  it('CNPJ: refused while WITHDRAW_CNPJ is off, whatever the account', () => {
    for (const account of ['11222333000181', '11222333000182', '']) {
      expect(() => withdrawDestination('CNPJ', account, 'BANCO', { ...ctx, cnpj: false })).toThrow(/WITHDRAW_TYPE_UNAVAILABLE/)
    }
  })

  it('CNPJ: digits with valid check digits; ifsc kept', () => {
    expect(withdrawDestination('CNPJ', '11.222.333/0001-81', ' BANCO ', ctx)).toEqual({ type: 'CNPJ', account: '11222333000181', ifsc: 'BANCO' })
    expect(() => withdrawDestination('CNPJ', '11222333000182', '', ctx)).toThrow(AppError)
  })

  it('USDT: only for lx 20, a TRC20 address, ifsc the USDT rate', () => {
    const addr = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'
    expect(() => withdrawDestination('USDT', addr, '', ctx)).toThrow(/WITHDRAW_TYPE_UNAVAILABLE/)
    expect(withdrawDestination('USDT', ` ${addr} `, '1', { ...ctx, lx: '20' })).toEqual({ type: 'USDT', account: addr, ifsc: '5.25' })
    expect(() => withdrawDestination('USDT', addr.replace('N', '0'), '', { ...ctx, lx: '20' })).toThrow(/USDT_ADDRESS_INVALID/)
  })

  it('a CPF withdrawal only to the own verified CPF; a CNPJ one with the holder name; USDT as before', () => {
    const cpf = withdrawDestination('CPF', '529.982.247-25', '', ctx)
    expect(destinationFailure(cpf, '52998224725', '')).toBeNull()
    expect(code(destinationFailure(cpf, '11144477735', 'Ana'))).toBe('WITHDRAW_CPF_NOT_OWN')
    expect(code(destinationFailure(cpf, '', 'Ana'))).toBe('WITHDRAW_CPF_NOT_OWN')
    const cnpj = withdrawDestination('CNPJ', '11222333000181', '', ctx)
    expect(code(destinationFailure(cnpj, '52998224725', '  '))).toBe('WITHDRAW_HOLDER_MISSING')
    expect(destinationFailure(cnpj, '52998224725', 'Loja Ltda')).toBeNull()
    const usdt = withdrawDestination('USDT', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', '', { ...ctx, lx: '20' })
    expect(destinationFailure(usdt, '', '')).toBeNull()
  })

  it('normalizes a CPF for KYC', () => {
    expect(normalizeCpf(' 529.982.247-25 ')).toBe('52998224725')
    expect(normalizeCpf('529982247')).toBeNull()
  })
})
