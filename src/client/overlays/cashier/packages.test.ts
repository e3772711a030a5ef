import { describe, expect, it } from 'vitest'
import type { PricePackage } from '../../../shared/contract'
import { canConfirm, choosePackages } from './packages'

const pkg = (pkgId: number, curreny: PricePackage['curreny'], price: number, sort = pkgId, gift = 0): PricePackage => ({ pkgId, curreny, price, gift, sort })

const reply = [
  pkg(9, 'BTBRL', 30),
  pkg(1, 'BRL', 20),
  pkg(3, 'BRL', 100, 3, 15),
  pkg(2, 'BRL', 50),
  pkg(7, 'EXTPAY', 3000),
  pkg(10, 'FCBRL', 50),
  pkg(11, '', 5),
]

describe('choosePackages', () => {
  it('normal deposit keeps BRL, EXTPAY and empty, sorted, and preselects the one priced 100', () => {
    const c = choosePackages(reply, 'normal')
    expect(c.list.map((p) => p.pkgId)).toEqual([1, 2, 3, 7, 11])
    expect(c.selected).toBe(3)
  })

  it('keeps BTBRL and FCBRL as main data, which sets the gift flag', () => {
    const c = choosePackages(reply, 'normal')
    expect(c.main.map((p) => p.pkgId)).toEqual([9, 10])
    expect(c.giftFlag).toBe(true)
    expect(choosePackages(reply.filter((p) => p.curreny === 'BRL'), 'normal').giftFlag).toBe(false)
  })

  it('selects nothing in the normal deposit when no package is priced 100', () => {
    expect(choosePackages([pkg(1, 'BRL', 20)], 'normal').selected).toBeNull()
  })

  it('compensation deposit keeps the first four INSBRL packages', () => {
    const ins = [5, 1, 4, 2, 3].map((s) => pkg(20 + s, 'INSBRL', s * 10, s))
    const c = choosePackages(ins, 'compensation')
    expect(c.list.map((p) => p.sort)).toEqual([1, 2, 3, 4])
    expect(c.selected).toBe(21)
  })

  it('bonus boost offers the first EXPPAY package only, selected', () => {
    const exp = [pkg(31, 'EXPPAY', 80, 2), pkg(30, 'EXPPAY', 50, 1), pkg(3, 'BRL', 100, 3)]
    const c = choosePackages(exp, 'boost')
    expect(c.list.map((p) => p.pkgId)).toEqual([30])
    expect(c.selected).toBe(30)
  })

  it('second deposit offers the gift packages, else the normal list', () => {
    expect(choosePackages(reply, 'second').list.map((p) => p.pkgId)).toEqual([9, 10])
    expect(choosePackages(reply.filter((p) => p.curreny === 'BRL'), 'second').selected).toBe(3)
  })
})

describe('canConfirm', () => {
  it('needs a selected package with a price above 0', () => {
    const list = [pkg(1, 'BRL', 20), pkg(2, 'BRL', 0)]
    expect(canConfirm(list, 1)).toBe(true)
    expect(canConfirm(list, 2)).toBe(false)
    expect(canConfirm(list, null)).toBe(false)
    expect(canConfirm(list, 99)).toBe(false)
  })
})
