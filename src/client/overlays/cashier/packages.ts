import type { PricePackage } from '../../../shared/contract'

/** The normal deposit shows these currencies (spec: BRL, EXTPAY or empty). */
const NORMAL_CURRENCIES: readonly string[] = ['BRL', 'EXTPAY', '']
/** Kept as main data: their presence sets the gift flag (spec). */
const GIFT_CURRENCIES: readonly string[] = ['BTBRL', 'FCBRL']
/** The package the normal deposit preselects. */
const PRESELECTED_PRICE = 100
/** The compensation list shows only its first four packages (spec). */
const COMPENSATION_COUNT = 4

const bySort = (a: PricePackage, b: PricePackage) => a.sort - b.sort || a.price - b.price

export interface PackageChoice {
  /** What the grid shows. */
  list: PricePackage[]
  /** The BTBRL/FCBRL packages (main data). */
  main: PricePackage[]
  /** A gift is available (main data is not empty). */
  giftFlag: boolean
  /** The package selected at first, if any. */
  selected: number | null
}

/**
 * Splits a getPrices reply for one deposit overlay: the normal deposit keeps BRL/EXTPAY/empty and
 * preselects the one priced 100; the second deposit offers the gift packages (falling back to the
 * normal list); the compensation deposit (a reply for INSBRL) keeps its first four; the bonus
 * boost (EXPPAY) its first one.
 */
export function choosePackages(all: readonly PricePackage[], kind: 'normal' | 'second' | 'compensation' | 'boost'): PackageChoice {
  const sorted = [...all].sort(bySort)
  const main = sorted.filter((p) => GIFT_CURRENCIES.includes(p.curreny))
  const normal = sorted.filter((p) => NORMAL_CURRENCIES.includes(p.curreny))
  let list: PricePackage[]
  if (kind === 'compensation') list = sorted.filter((p) => p.curreny === 'INSBRL').slice(0, COMPENSATION_COUNT)
  // The bonus boost offers the first EXPPAY package only (spec).
  else if (kind === 'boost') list = sorted.filter((p) => p.curreny === 'EXPPAY').slice(0, 1)
  else if (kind === 'second') list = main.length ? main : normal
  else list = normal
  const preferred = list.find((p) => p.price === PRESELECTED_PRICE) ?? (kind === 'normal' ? undefined : list[0])
  return { list, main, giftFlag: main.length > 0, selected: preferred?.pkgId ?? null }
}

/** The confirm button's rule: a package with a price above 0 must be selected. */
export function canConfirm(list: readonly PricePackage[], selected: number | null): boolean {
  const pkg = list.find((p) => p.pkgId === selected)
  return Boolean(pkg && pkg.price > 0)
}
