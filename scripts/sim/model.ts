/**
 * What the simulator expects, kept from the answers it received: each player's balance as an
 * interval (exact when nothing is on its way; else widened by what may still arrive: a deposit
 * paid at the bank, a shared round or sports bet not yet settled, a withdrawal the bank may
 * refuse; a VIP level's award the player may have reached), the money it moved by kind, and the
 * invariants' violations.
 */

/** A VIP level as the server's table has it (GET /api/app/vip/info): its award comes once the player's deposits and stakes reach both minimums. */
export interface VipLevel {
  level: number
  award: bigint
  payMin: bigint
  gameMin: bigint
}

export type Pending =
  | { kind: 'deposit'; orderId: string; amount: bigint }
  | { kind: 'round'; betId: string; game: string; amount: bigint; most: bigint }
  | { kind: 'sport'; betId: string; most: bigint; matches: string[] }
  | { kind: 'withdraw'; orderId: string; amount: bigint }

export interface Player {
  index: number
  email: string
  token: string
  cpf: string
  name: string
  /** The balance (cash + bonus), centavos, with every settled effect applied. */
  known: bigint
  pending: Map<string, Pending>
  busy: boolean
  /** Bonus money was received: a withdrawal may be refused for it. */
  bonus: boolean
  limited: boolean
  paused: boolean
  /** The provider's session token (the demo game's launch). */
  providerToken: string | null
  /** The highest VIP level whose award the model has counted in `known`. */
  vipCounted: number
  /** At least the player's deposits and stakes so far (every deposit asked, every stake taken): what VIP levels they may have reached. */
  paidMost: bigint
  stakedMost: bigint
  /** The player's last operations and what the model made of them (printed with a violation). */
  trail?: string[]
}

export interface Violation {
  op: number
  what: string
  detail: string
}

export class Model {
  readonly players: Player[] = []
  readonly violations: Violation[] = []
  readonly checks: Record<string, number> = {}
  readonly moved: Record<string, bigint> = {}
  readonly ops: Record<string, number> = {}
  /** The VIP levels (read once from the server). */
  vipLevels: VipLevel[] = []

  /** The least and most the player's balance may be now. */
  bounds(p: Player): { lo: bigint; hi: bigint } {
    let hi = p.known + this.vipMost(p)
    for (const x of p.pending.values()) hi += x.kind === 'deposit' || x.kind === 'withdraw' ? x.amount : x.most
    return { lo: p.known, hi }
  }

  /**
   * The VIP awards that may have reached the player's balance uncounted: those of every level above
   * the last one counted whose minimums their deposits and stakes may have met. The server credits
   * them after a deposit, or by its job every few seconds, so any balance may already hold them.
   */
  vipMost(p: Player): bigint {
    let most = 0n
    for (const l of this.vipLevels) if (l.level > p.vipCounted && l.payMin <= p.paidMost && l.gameMin <= p.stakedMost) most += l.award
    return most
  }

  check(what: string, ok: boolean, op: number, detail: () => string): boolean {
    this.checks[what] = (this.checks[what] ?? 0) + 1
    if (!ok) {
      this.violations.push({ op, what, detail: detail() })
      // The first few at once, so a long run's failure is seen (and its data kept with --keep) before its end.
      if (this.violations.length <= 5) process.stderr.write(`VIOLATION at operation ${op}: ${what}\n  ${this.violations.at(-1)!.detail}\n`)
    }
    return ok
  }

  /** The balance a reply shows, after the reply's own effect is applied: within the bounds (equal when nothing is pending). */
  balanceSeen(p: Player, seen: bigint, op: number, where: string): void {
    const { lo, hi } = this.bounds(p)
    this.check('balance equals the model', seen >= lo && seen <= hi, op, () => `player ${p.index} (${p.email}) ${where}: balance ${seen}, model ${lo === hi ? lo : `${lo}..${hi}`}\n    its last operations (op kind: known/pending before -> after):\n      ${(p.trail ?? []).join('\n      ')}`)
  }

  trail(p: Player, line: string): void {
    const t = (p.trail ??= [])
    t.push(line)
    if (t.length > 30) t.shift()
  }

  move(kind: string, centavos: bigint): void {
    this.moved[kind] = (this.moved[kind] ?? 0n) + centavos
  }

  did(kind: string): void {
    this.ops[kind] = (this.ops[kind] ?? 0) + 1
  }
}

/** A valid CPF made from a number (its nine digits, then the two check digits). */
export function cpfOf(n: number): string {
  const base = String(100_000_000 + (n % 900_000_000)).padStart(9, '0').split('').map(Number)
  const digit = (ds: number[]) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0)
    const r = (sum * 10) % 11
    return r === 10 ? 0 : r
  }
  const d1 = digit(base)
  const d2 = digit([...base, d1])
  return [...base, d1, d2].join('')
}
