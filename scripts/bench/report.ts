/** The bench's results: their shape in bench/results.json, the flat list of figures, the markdown table. */
import type { AppFigures } from './appFigures'
import type { FanoutWindow } from './fanout'
import type { WatchersResult } from './sportWatchers'
import type { BetWindow } from './loadClient'
import type { SoakResult } from './soak'

export type DatabaseLabel = 'PGlite' | 'PostgreSQL'

interface BetRow {
  players: number
  app: BetWindow
  bare: BetWindow
  /** App bets/s over bare bets/s. */
  ratio: number
  /** The app's sportsbook singles in the same run (absent from older results), and their bets/s over bare's. */
  sport?: BetWindow
  sportRatio?: number
  /** A game provider's rounds (signed bet + win) on the app's seamless wallet, and their rounds/s over bare's bets/s. */
  wallet?: BetWindow
  walletRatio?: number
  /** Dice bets of players with limits of their own (each stake checked against them), and their bets/s over bare's. */
  limited?: BetWindow
  limitedRatio?: number
  /** The same provider rounds through Hub88's Wallet API (RSA-SHA256 checked, each answer signed), and their pairs/s over the HMAC-signed ones'. */
  hub88?: BetWindow
  hub88Ratio?: number
}
export interface BetsResult {
  rows: BetRow[]
}
export interface LedgerResult {
  sequentialPerSecond: number
  eightInFlightPerSecond: number
}
/** bench/client.json, written by scripts/bench-client.ts; every part optional, read as found. */
export interface ClientResult {
  measuredAt?: string
  barePixi?: { msPerFrame: number; fps: number }
  games?: Record<string, { msPerFrame: number; fps: number; ratio: number }>
  lobby?: { msPerFrame: number; fps: number; ratio: number }
  /** The demo provider's slot page while it spins (issue 15). */
  slot?: { msPerFrame: number; fps: number; ratio: number }
  firstLoadJsGzipKiB?: number
  lighthouse?: { performance?: number; lcpMs?: number; tbtMs?: number; cls?: number; runs?: number[] }
}
export interface FanoutResult {
  sockets: number
  windows: FanoutWindow[]
}
export interface Section<T> {
  measuredAt: string
  byDatabase: Partial<Record<DatabaseLabel, T>>
}
export interface Results {
  machine: { node: string; cpus: number; cpuModel: string; loadAverage: number[] }
  bets?: Section<BetsResult> & { windowSeconds: number; warmupSeconds: number; slices?: number }
  figures?: Section<AppFigures>
  ledger?: Section<LedgerResult>
  fanout?: FanoutResult & { measuredAt: string }
  watchers?: WatchersResult & { measuredAt: string }
  client?: ClientResult
  /** `--only=soak`: a long run on every product, the server's memory and the database's size over it. */
  soak?: Section<SoakResult>
  /** Every figure flat: value, unit, the baseline beside it, the goal when issue 11 sets one. */
  list: FlatFigure[]
}
export interface FlatFigure {
  id: string
  label: string
  database?: DatabaseLabel
  value: number | null
  unit: string
  baseline?: { label: string; value: number; unit: string }
  /** value / baseline.value. */
  ratio?: number
  goal?: string
  measuredAt?: string
  /** False where the figure is measured inside the process it measures. */
  outOfProcess: boolean
}

const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000
const BETS_GOAL: Record<DatabaseLabel, string> = { PGlite: '>= 1.0x bare and >= 1000/s at 50 players', PostgreSQL: '>= 3000/s at 50 players' }

export function flatten(r: Results): FlatFigure[] {
  const out: FlatFigure[] = []
  for (const [db, bets] of entries(r.bets?.byDatabase)) {
    for (const row of bets.rows) {
      const n = row.players
      const bare = (label: string, value: number, unit: string) => ({ label, value, unit })
      out.push(
        {
          id: `bets.${db}.${n}.betsPerSecond`,
          label: `dice bets/s, ${n} players`,
          database: db,
          value: row.app.betsPerSecond,
          unit: 'bets/s',
          baseline: bare('bare fastify + database', row.bare.betsPerSecond, 'bets/s'),
          ratio: row.ratio,
          ...(n === 50 ? { goal: BETS_GOAL[db] } : {}),
          measuredAt: r.bets!.measuredAt,
          outOfProcess: true,
        },
        {
          id: `bets.${db}.${n}.p50`,
          label: `dice bet p50, ${n} players`,
          database: db,
          value: row.app.p50Ms,
          unit: 'ms',
          baseline: bare('bare fastify + database', row.bare.p50Ms, 'ms'),
          ratio: ratio(row.app.p50Ms, row.bare.p50Ms),
          measuredAt: r.bets!.measuredAt,
          outOfProcess: true,
        },
        {
          id: `bets.${db}.${n}.p99`,
          label: `dice bet p99, ${n} players`,
          database: db,
          value: row.app.p99Ms,
          unit: 'ms',
          baseline: bare('bare fastify + database', row.bare.p99Ms, 'ms'),
          ratio: ratio(row.app.p99Ms, row.bare.p99Ms),
          ...(n === 50 ? { goal: '<= 50 ms' } : {}),
          measuredAt: r.bets!.measuredAt,
          outOfProcess: true,
        },
        {
          id: `bets.${db}.${n}.failed`,
          label: `dice bets failed, ${n} players`,
          database: db,
          value: row.app.failed,
          unit: 'replies',
          baseline: bare('bare fastify + database', row.bare.failed, 'replies'),
          goal: '0',
          measuredAt: r.bets!.measuredAt,
          outOfProcess: true,
        },
      )
      if (row.sport) {
        out.push(
          {
            id: `bets.${db}.${n}.sportBetsPerSecond`,
            label: `sport singles/s, ${n} players`,
            database: db,
            value: row.sport.betsPerSecond,
            unit: 'bets/s',
            baseline: bare('bare fastify + database', row.bare.betsPerSecond, 'bets/s'),
            ratio: row.sportRatio ?? ratio(row.sport.betsPerSecond, row.bare.betsPerSecond),
            measuredAt: r.bets!.measuredAt,
            outOfProcess: true,
          },
          {
            id: `bets.${db}.${n}.sportP99`,
            label: `sport single p99, ${n} players`,
            database: db,
            value: row.sport.p99Ms,
            unit: 'ms',
            baseline: bare('bare fastify + database', row.bare.p99Ms, 'ms'),
            ratio: ratio(row.sport.p99Ms, row.bare.p99Ms),
            ...(n === 50 ? { goal: '<= 50 ms' } : {}),
            measuredAt: r.bets!.measuredAt,
            outOfProcess: true,
          },
        )
      }
    }
  }
  for (const [db, bets] of entries(r.bets?.byDatabase)) {
    for (const row of bets.rows.filter((x) => x.wallet)) {
      const w = row.wallet!
      const n = row.players
      out.push(
        {
          id: `bets.${db}.${n}.walletRoundsPerSecond`,
          label: `provider wallet bet + win pairs/s, ${n} players`,
          database: db,
          value: w.betsPerSecond,
          unit: 'pairs/s',
          baseline: { label: 'bare fastify + database (one bet)', value: row.bare.betsPerSecond, unit: 'bets/s' },
          ratio: row.walletRatio ?? ratio(w.betsPerSecond, row.bare.betsPerSecond),
          measuredAt: r.bets!.measuredAt,
          outOfProcess: true,
        },
        {
          id: `bets.${db}.${n}.walletP99`,
          label: `provider wallet pair p99, ${n} players`,
          database: db,
          value: w.p99Ms,
          unit: 'ms',
          baseline: { label: 'bare fastify + database (one bet)', value: row.bare.p99Ms, unit: 'ms' },
          ratio: ratio(w.p99Ms, row.bare.p99Ms),
          measuredAt: r.bets!.measuredAt,
          outOfProcess: true,
        },
      )
    }
  }
  for (const [db, bets] of entries(r.bets?.byDatabase)) {
    for (const row of bets.rows.filter((x) => x.hub88 && x.wallet)) {
      out.push({
        id: `bets.${db}.${row.players}.hub88RoundsPerSecond`,
        label: `Hub88 wallet bet + win pairs/s (RSA), ${row.players} players`,
        database: db,
        value: row.hub88!.betsPerSecond,
        unit: 'pairs/s',
        baseline: { label: 'the same pairs HMAC-signed (provider wallet)', value: row.wallet!.betsPerSecond, unit: 'pairs/s' },
        ratio: row.hub88Ratio ?? ratio(row.hub88!.betsPerSecond, row.wallet!.betsPerSecond),
        measuredAt: r.bets!.measuredAt,
        outOfProcess: true,
      })
    }
  }
  for (const [db, bets] of entries(r.bets?.byDatabase)) {
    for (const row of bets.rows.filter((x) => x.limited)) {
      const l = row.limited!
      const n = row.players
      out.push({
        id: `bets.${db}.${n}.limitedBetsPerSecond`,
        label: `dice bets/s of players with limits set, ${n} players`,
        database: db,
        value: l.betsPerSecond,
        unit: 'bets/s',
        baseline: { label: 'bare fastify + database', value: row.bare.betsPerSecond, unit: 'bets/s' },
        ratio: row.limitedRatio ?? ratio(l.betsPerSecond, row.bare.betsPerSecond),
        measuredAt: r.bets!.measuredAt,
        outOfProcess: true,
      })
    }
  }
  for (const [db, f] of entries(r.figures?.byDatabase)) {
    const at = r.figures!.measuredAt
    const withBare = (value: number, bareValue: number | undefined, unit: string, label: string) =>
      bareValue === undefined ? {} : { baseline: { label, value: bareValue, unit }, ratio: ratio(value, bareValue) }
    out.push(
      { id: `login.${db}.median`, label: 'login median (30 logins, captcha fetch excluded)', database: db, value: f.loginMedianMs, unit: 'ms', ...withBare(f.loginMedianMs, f.bare?.loginMedianMs, 'ms', 'bare: argon2id verify + session insert'), measuredAt: at, outOfProcess: true },
      { id: `userInfo.${db}.perSecond`, label: 'userInfo, 1,000 sequential calls', database: db, value: f.userInfoPerSecond, unit: 'req/s', ...withBare(f.userInfoPerSecond, f.bare?.userInfoPerSecond, 'req/s', 'bare: session + player SELECT'), measuredAt: at, outOfProcess: true },
      { id: `transfer.${db}.perSecond`, label: 'transfer over HTTP, 500 sequential', database: db, value: f.transferPerSecond, unit: 'transfers/s', measuredAt: at, outOfProcess: true },
      { id: `deposit.${db}.median`, label: 'deposit paid at the PSP emulator to socket (webhook, read-back, insBalance + updateUserInfo), median of 30', database: db, value: f.depositToSocketMedianMs, unit: 'ms', measuredAt: at, outOfProcess: true },
    )
  }
  for (const [db, s] of entries(r.soak?.byDatabase)) {
    const at = r.soak!.measuredAt
    const over = `${s.players} players, ${s.minutes} min`
    out.push(
      { id: `soak.${db}.heapSlope`, label: `soak heap slope after the warm-up (${over})`, database: db, value: s.heapSlope.miBPerHour, unit: 'MiB/h', goal: `<= ${s.heapSlope.boundMiBPerHour} (the readings' noise)`, measuredAt: at, outOfProcess: true },
      { id: `soak.${db}.rssSlope`, label: `soak RSS slope after the warm-up (${over})`, database: db, value: s.rssSlope.miBPerHour, unit: 'MiB/h', measuredAt: at, outOfProcess: true },
      { id: `soak.${db}.throughputRatio`, label: `soak last window's bets/s over the first's (${over})`, database: db, value: s.throughput.ratio, unit: 'x', goal: `1 +- ${s.throughput.ratioBound} (the windows' noise)`, measuredAt: at, outOfProcess: true },
      { id: `soak.${db}.lastP99`, label: `soak p99 of every call in the last window (${over})`, database: db, value: s.windows.at(-1)?.p99Ms ?? null, unit: 'ms', measuredAt: at, outOfProcess: true },
      { id: `soak.${db}.failed`, label: `soak calls failed (${over})`, database: db, value: s.failed, unit: 'calls', goal: '0', measuredAt: at, outOfProcess: true },
    )
  }
  for (const [db, l] of entries(r.ledger?.byDatabase)) {
    const at = r.ledger!.measuredAt
    out.push(
      { id: `ledger.${db}.sequential`, label: 'ledger postings, one per transaction, sequential', database: db, value: l.sequentialPerSecond, unit: 'postings/s', measuredAt: at, outOfProcess: false },
      { id: `ledger.${db}.eightInFlight`, label: 'ledger postings, one per transaction, 8 in flight', database: db, value: l.eightInFlightPerSecond, unit: 'postings/s', measuredAt: at, outOfProcess: false },
    )
  }
  const c = r.client
  if (c) {
    const at = c.measuredAt
    const pixi = c.barePixi
    for (const [game, g] of Object.entries(c.games ?? {})) {
      out.push({
        id: `frames.${game}`,
        label: `${game} while betting: main-thread time per frame`,
        value: g.msPerFrame,
        unit: 'ms/frame',
        ...(pixi ? { baseline: { label: 'bare Pixi page, 200 sprites', value: pixi.msPerFrame, unit: 'ms/frame' } } : {}),
        ratio: g.ratio,
        goal: '<= 1.0x bare',
        ...(at ? { measuredAt: at } : {}),
        outOfProcess: true,
      })
    }
    if (c.lobby) {
      const pixiBaseline = (value: number, unit: string) => (pixi ? { baseline: { label: 'bare Pixi page, 200 sprites', value, unit } } : {})
      out.push(
        {
          id: 'frames.lobby',
          label: '/home lobby: main-thread time per frame',
          value: c.lobby.msPerFrame,
          unit: 'ms/frame',
          ...pixiBaseline(pixi?.msPerFrame ?? 0, 'ms/frame'),
          ratio: c.lobby.ratio,
          goal: '<= 1.0x bare',
          ...(at ? { measuredAt: at } : {}),
          outOfProcess: true,
        },
        { id: 'frames.lobby.fps', label: '/home lobby: frames per second', value: c.lobby.fps, unit: 'fps', ...pixiBaseline(pixi?.fps ?? 0, 'fps'), goal: '60 fps', ...(at ? { measuredAt: at } : {}), outOfProcess: true },
      )
    }
    if (c.slot) {
      out.push({
        id: 'frames.slot',
        label: 'demo slot spinning: main-thread time per frame',
        value: c.slot.msPerFrame,
        unit: 'ms/frame',
        ...(pixi ? { baseline: { label: 'bare Pixi page, 200 sprites', value: pixi.msPerFrame, unit: 'ms/frame' } } : {}),
        ratio: c.slot.ratio,
        goal: '<= 1.0x bare',
        ...(at ? { measuredAt: at } : {}),
        outOfProcess: true,
      })
    }
    const lh = c.lighthouse ?? {}
    const simple: [string, string, number | undefined, string, string][] = [
      ['firstLoadJs', 'first-load JS of /home, gzip', c.firstLoadJsGzipKiB, 'KiB', '<= 105'],
      ['lighthouse.performance', `Lighthouse mobile /home: performance${lh.runs?.length ? ` (median run of ${lh.runs.join(', ')})` : ''}`, lh.performance, 'score', '>= 95'],
      ['lighthouse.lcp', 'Lighthouse mobile /home: LCP (of that run)', lh.lcpMs, 'ms', '<= 2000'],
      ['lighthouse.tbt', 'Lighthouse mobile /home: TBT (of that run)', lh.tbtMs, 'ms', '<= 150'],
      ['lighthouse.cls', 'Lighthouse mobile /home: CLS (of that run)', lh.cls, '', '<= 0.02'],
    ]
    for (const [id, label, value, unit, goal] of simple) {
      if (value !== undefined) out.push({ id, label, value, unit, goal, ...(at ? { measuredAt: at } : {}), outOfProcess: true })
    }
  }
  const w = r.watchers
  if (w) {
    for (const [id, key] of [['p50', 'p50Ms'], ['p99', 'p99Ms']] as const) {
      out.push({
        id: `watchers.${id}`,
        label: `getBalance ${id} beside ${w.watchers} sockets watching ${w.matches} sport matches`,
        value: w.watched[key],
        unit: 'ms',
        baseline: { label: 'the same app with no socket open', value: w.idle[key], unit: 'ms' },
        ratio: ratio(w.watched[key], w.idle[key]),
        measuredAt: w.measuredAt,
        outOfProcess: true,
      })
    }
  }
  const app = r.fanout?.windows.find((w) => w.target === 'app')
  const bare = r.fanout?.windows.find((w) => w.target === 'bare')
  if (r.fanout && app) {
    const n = r.fanout.sockets
    const fig = (id: string, label: string, key: 'lastP50Ms' | 'lastP99Ms' | 'serverCpuMsPerResult', unit: string): FlatFigure => {
      const value = app[key]
      const base = bare?.[key]
      return {
        id: `fanout.${id}`,
        label: `${label}, ${n} sockets in one room`,
        value,
        unit,
        ...(base !== undefined && base !== null ? { baseline: { label: 'bare socket.io server, same sockets', value: base, unit } } : {}),
        ...(base && value !== null ? { ratio: ratio(value, base) } : {}),
        measuredAt: r.fanout!.measuredAt,
        outOfProcess: true,
      }
    }
    out.push(
      fig('lastP50', 'round:result to the last socket, p50', 'lastP50Ms', 'ms'),
      fig('lastP99', 'round:result to the last socket, p99', 'lastP99Ms', 'ms'),
      fig('cpu', 'server CPU per round:result sent', 'serverCpuMsPerResult', 'ms'),
    )
    // The sportsbook's live odds to sockets watching one match, against the same bare baseline.
    const sportWindow = r.fanout.windows.find((w) => w.target === 'appSport')
    if (sportWindow) {
      const sportFig = (id: string, label: string, key: 'lastP50Ms' | 'lastP99Ms'): FlatFigure => {
        const value = sportWindow[key]
        const base = bare?.[key]
        return {
          id: `fanout.sport.${id}`,
          label: `${label}, ${n} sockets watching one match`,
          value,
          unit: 'ms',
          ...(base !== undefined && base !== null ? { baseline: { label: 'bare socket.io server, same sockets', value: base, unit: 'ms' } } : {}),
          ...(base ? { ratio: ratio(value, base) } : {}),
          measuredAt: r.fanout!.measuredAt,
          outOfProcess: true,
        }
      }
      out.push(sportFig('lastP50', 'sport:odds to the last socket, p50', 'lastP50Ms'), sportFig('lastP99', 'sport:odds to the last socket, p99', 'lastP99Ms'))
    }
  }
  return out
}

function entries<T>(byDb: Partial<Record<DatabaseLabel, T>> | undefined): [DatabaseLabel, T][] {
  return Object.entries(byDb ?? {}) as [DatabaseLabel, T][]
}

const num = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? '-' : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }))

export function table(r: Results): string {
  const lines: string[] = []
  const m = r.machine
  lines.push('# Bench', '')
  lines.push(`Generated by \`npm run bench\` on ${m.cpus} x ${m.cpuModel}, Node ${m.node} (load average at start ${m.loadAverage.join(', ')}). Every figure is measured from a process other than the one under test unless marked *in-process*.`, '')
  if (r.bets) {
    lines.push(`## Dice bets (measured ${r.bets.measuredAt})`, '')
    lines.push(
      `Each player keeps one R$ 0,10 dice bet in flight (a new Idempotency-Key each), ${r.bets.windowSeconds} s after a ${r.bets.warmupSeconds} s warm-up, from one undici load-client process; app (as \`npm start\` runs it) and bare (fastify + the same database, one transaction per bet) take turns at each player count${(r.bets.slices ?? 1) > 1 ? ` (the window cut into ${r.bets.slices} alternating turns)` : ''}. Goal at 50 players: at least 1.0x bare and 1,000/s on PGlite, 3,000/s on PostgreSQL, p99 at most 50 ms, 0 failed.`,
      '',
    )
    lines.push('| database | players | app bets/s | bare bets/s | app/bare | app p50 ms | app p99 ms | bare p50 ms | bare p99 ms | failed app / bare | load client CPU | server CPU app / bare | machine CPU app / bare |')
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|')
    for (const [db, bets] of entries(r.bets.byDatabase)) {
      for (const row of bets.rows) {
        const cpu = Math.max(row.app.clientCpuCores, row.bare.clientCpuCores)
        lines.push(
          `| ${db} | ${row.players} | ${num(row.app.betsPerSecond)} | ${num(row.bare.betsPerSecond)} | ${num(row.ratio, 2)}x | ${num(row.app.p50Ms, 1)} | ${num(row.app.p99Ms, 1)} | ${num(row.bare.p50Ms, 1)} | ${num(row.bare.p99Ms, 1)} | ${row.app.failed} / ${row.bare.failed} | ${num(cpu, 2)} | ${num(row.app.serverCpuCores, 2)} / ${num(row.bare.serverCpuCores, 2)} | ${num(row.app.machineCpuCores, 2)} / ${num(row.bare.machineCpuCores, 2)} |`,
        )
      }
    }
    const sportRows = entries(r.bets.byDatabase).flatMap(([db, b]) => b.rows.filter((row) => row.sport).map((row) => ({ db, row, sport: row.sport! })))
    if (sportRows.length) {
      lines.push(
        '',
        'Sportsbook singles in the same run (R$ 0,10 on the home side of one of the next football matches, acceptOdds any; the same app process, its own players), beside the dice and bare rows above:',
        '',
        '| database | players | sport bets/s | sport/bare | sport p50 ms | sport p99 ms | dice p99 ms | bare p99 ms | failed | server CPU |',
        '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      )
      for (const { db, row, sport } of sportRows) {
        lines.push(
          `| ${db} | ${row.players} | ${num(sport.betsPerSecond)} | ${num(row.sportRatio ?? 0, 2)}x | ${num(sport.p50Ms, 1)} | ${num(sport.p99Ms, 1)} | ${num(row.app.p99Ms, 1)} | ${num(row.bare.p99Ms, 1)} | ${sport.failed} | ${num(sport.serverCpuCores, 2)} |`,
        )
      }
    }
    const walletRows = entries(r.bets.byDatabase).flatMap(([db, b]) => b.rows.filter((row) => row.wallet).map((row) => ({ db, row, wallet: row.wallet! })))
    if (walletRows.length) {
      lines.push(
        '',
        "Game-provider rounds on the seamless wallet in the same run (each player's session of the demo game under PG; a round is a signed R$ 0,10 bet then its win, two ledger movements; the pair's latency is both calls), beside the bare baseline's single bets:",
        '',
        '| database | players | pairs/s | pairs/s ÷ bare bets/s | pair p50 ms | pair p99 ms | bare bet p99 ms | failed | server CPU |',
        '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
      )
      for (const { db, row, wallet } of walletRows) {
        lines.push(
          `| ${db} | ${row.players} | ${num(wallet.betsPerSecond)} | ${num(row.walletRatio ?? 0, 2)}x | ${num(wallet.p50Ms, 1)} | ${num(wallet.p99Ms, 1)} | ${num(row.bare.p99Ms, 1)} | ${wallet.failed} | ${num(wallet.serverCpuCores, 2)} |`,
        )
      }
    }
    const hub88Rows = entries(r.bets.byDatabase).flatMap(([db, b]) => b.rows.filter((row) => row.hub88 && row.wallet).map((row) => ({ db, row, hub88: row.hub88!, wallet: row.wallet! })))
    if (hub88Rows.length) {
      lines.push(
        '',
        "The same rounds through Hub88's Wallet API in the same run (BG's game through the Hub88 emulator; the load client signs as Hub88 with RSA-SHA256, the server checks it and signs each answer with its own RSA key), beside the HMAC-signed pairs above:",
        '',
        '| database | players | Hub88 pairs/s | ÷ HMAC pairs/s | pair p50 ms | pair p99 ms | HMAC pair p99 ms | failed | server CPU |',
        '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
      )
      for (const { db, row, hub88, wallet } of hub88Rows) {
        lines.push(
          `| ${db} | ${row.players} | ${num(hub88.betsPerSecond)} | ${num(row.hub88Ratio ?? 0, 2)}x | ${num(hub88.p50Ms, 1)} | ${num(hub88.p99Ms, 1)} | ${num(wallet.p99Ms, 1)} | ${hub88.failed} | ${num(hub88.serverCpuCores, 2)} |`,
        )
      }
    }
    const limitedRows = entries(r.bets.byDatabase).flatMap(([db, b]) => b.rows.filter((row) => row.limited).map((row) => ({ db, row, limited: row.limited! })))
    if (limitedRows.length) {
      lines.push(
        '',
        'Dice bets of players who set limits of their own (a daily loss and stake limit, never reached: each stake is checked against them under its lock), in the same run:',
        '',
        '| database | players | bets/s | ÷ bare | ÷ app (no limits) | p99 ms | app p99 ms | failed |',
        '|---|--:|--:|--:|--:|--:|--:|--:|',
      )
      for (const { db, row, limited } of limitedRows) {
        lines.push(
          `| ${db} | ${row.players} | ${num(limited.betsPerSecond)} | ${num(row.limitedRatio ?? 0, 2)}x | ${num(ratio(limited.betsPerSecond, row.app.betsPerSecond), 2)}x | ${num(limited.p99Ms, 1)} | ${num(row.app.p99Ms, 1)} | ${limited.failed} |`,
        )
      }
    }
    const failures = entries(r.bets.byDatabase).flatMap(([db, b]) => b.rows.flatMap((row) => [row.app, row.bare, ...(row.sport ? [row.sport] : []), ...(row.wallet ? [row.wallet] : []), ...(row.limited ? [row.limited] : [])].filter((w) => w.firstFailure).map((w) => `- ${db}, ${w.target}, ${w.players} players: ${w.firstFailure}`)))
    if (failures.length) lines.push('', 'First failed reply of each window with failures:', ...failures)
    lines.push(
      '',
      `CPU in cores busy over the window (the machine has ${m.cpus}): load client, the higher of its two windows, from \`process.cpuUsage()\`; server, the server process alone, from /proc (PostgreSQL's own processes not counted); machine, every process, from /proc/stat: what the load client and the server do not explain ran beside them (PostgreSQL, other work on the machine).`,
      '',
    )
  }
  const server = r.list.filter((f) => !f.id.startsWith('bets.') && !f.id.startsWith('soak.') && f.database)
  if (server.length) {
    lines.push(`## Server figures${r.figures ? ` (measured ${r.figures.measuredAt})` : ''}`, '')
    const dbs = [...new Set(server.map((f) => f.database!))]
    lines.push(`| figure | ${dbs.map((d) => `${d} | ${d} baseline`).join(' | ')} | unit |`)
    lines.push(`|---|${dbs.map(() => '--:|--:|').join('')}---|`)
    for (const id of [...new Set(server.map((f) => f.id.replace(/\.(PGlite|PostgreSQL)\./, '.*.')))]) {
      const row = dbs.map((d) => server.find((f) => f.id === id.replace('.*.', `.${d}.`)))
      const first = row.find(Boolean)!
      const cells = row.map((f) => (f ? `${num(f.value, f.unit === 'ms' ? 1 : 0)} | ${f.baseline ? `${num(f.baseline.value, f.unit === 'ms' ? 1 : 0)} (${num(f.ratio, 2)}x)` : '-'}` : '- | -'))
      lines.push(`| ${first.label}${first.outOfProcess ? '' : ' *in-process*'} | ${cells.join(' | ')} | ${first.unit} |`)
    }
    const baselines = [...new Set(server.filter((f) => f.baseline).map((f) => `${f.label}: ${f.baseline!.label}`))]
    if (baselines.length) lines.push('', 'Baselines (the bare server, same run): ' + baselines.join('; ') + '.')
    lines.push('', '*in-process*: the ledger figures call the database straight from the bench process (there is no server in them).', '')
  }
  const fanout = r.list.filter((f) => f.id.startsWith('fanout.'))
  if (fanout.length && r.fanout) {
    const missed = r.fanout.windows.map((w) => `${w.target} ${w.missed}`).join(', ')
    lines.push(`## Socket fan-out (measured ${r.fanout.measuredAt})`, '')
    lines.push(`${r.fanout.sockets} socket.io clients in one separate process, all in the Double room; each \`round:result\` carries the time it was sent. Deliveries missed: ${missed}.`, '')
    lines.push('| figure | app | bare socket.io | ratio |', '|---|--:|--:|--:|')
    for (const f of fanout) lines.push(`| ${f.label} | ${num(f.value, 1)} ${f.unit} | ${f.baseline ? `${num(f.baseline.value, 1)} ${f.unit}` : '-'} | ${f.ratio === undefined ? '-' : `${num(f.ratio, 2)}x`} |`)
    lines.push('')
  }
  if (r.soak) lines.push(...soakTable(r.soak))
  const client = r.list.filter((f) => !f.database && !f.id.startsWith('fanout.'))
  if (!client.length) lines.push('## Client', '', 'No bench/client.json: scripts/bench-client.ts has not written one.', '')
  else {
    lines.push(`## Client (bench/client.json${r.client?.measuredAt ? `, measured ${r.client.measuredAt}` : ''})`, '')
    lines.push('| figure | value | baseline | ratio | goal |', '|---|--:|--:|--:|---|')
    for (const f of client) {
      const digits = f.unit === 'ms/frame' || f.unit === 'fps' || f.unit === 'KiB' ? 1 : f.unit === '' ? 3 : 0
      lines.push(`| ${f.label} | ${num(f.value, digits)} ${f.unit} | ${f.baseline ? `${num(f.baseline.value, digits)} ${f.baseline.unit}` : '-'} | ${f.ratio === undefined ? '-' : `${num(f.ratio, 2)}x`} | ${f.goal ?? '-'} |`)
    }
    lines.push('')
  }
  return lines.join('\n')
}

/** The soak's section: per database, its verdict, each minute, each window and each kind of play. */
function soakTable(section: Section<SoakResult>): string[] {
  const lines = [`## Soak (measured ${section.measuredAt})`, '']
  for (const [db, s] of entries(section.byDatabase)) {
    lines.push(
      `### ${db}: ${s.players} players, ${s.minutes} minutes`,
      '',
      `${s.mix ? `Only SOAK_MIX=${s.mix} of: ` : 'Every product '}from one load-client process (scripts/bench/soak.ts, seed ${s.seed}): dice, limbo, mines (start, reveal, cash-out), Double, sport singles and parlays, provider slot rounds (signed bet + win), deposits and withdrawals on ${s.cashiers} cashier accounts; R$ 0,10 stakes. The server's figures from its GET /metrics every ${s.sampleSeconds} s; ${s.bets.toLocaleString('en-US')} bets, ${s.failed} calls failed, ${s.depositsPaid} deposits paid, ${s.withdrawals} withdrawals, ${s.socketEvents.toLocaleString('en-US')} socket events received; load client CPU ${num(s.clientCpuCores, 2)} cores.`,
      '',
      `**Verdict**: ${s.verdict}.`,
      '',
      `Slopes by least squares over the samples after the ${s.warmupMinutes}-minute warm-up: heap ${num(s.heapSlope.miBPerHour, 1)} +- ${num(s.heapSlope.standardErrorMiBPerHour, 1)} MiB/h (readings' scatter ${num(s.heapSlope.residualSdMiB, 1)} MiB, bound ${num(s.heapSlope.boundMiBPerHour, 1)} MiB/h), RSS ${num(s.rssSlope.miBPerHour, 1)} +- ${num(s.rssSlope.standardErrorMiBPerHour, 1)} MiB/h (bound ${num(s.rssSlope.boundMiBPerHour, 1)}). Throughput: last window ${num(s.throughput.lastBetsPerSecond)} bets/s over the first's ${num(s.throughput.firstBetsPerSecond)}: ${num(s.throughput.ratio, 3)}x; 10-second slices' noise around their window's trend ${num(s.throughput.sliceNoiseBetsPerSecond, 1)} bets/s, bound 1 +- ${num(s.throughput.ratioBound, 3)}.`,
      '',
      '| minute | bets/s | calls | failed | RSS MiB | heap MiB | handles | event-loop lag p99 ms | database MiB | server CPU | machine CPU |',
      '|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...s.perMinute.map((m) => `| ${m.minute} | ${num(m.betsPerSecond)} | ${num(m.calls)} | ${m.failed} | ${num(m.rssMiB, 1)} | ${num(m.heapUsedMiB, 1)} | ${m.handles} | ${num(m.eventLoopLagMs, 1)} | ${num(m.dbMiB, 1)} | ${num(m.serverCpuCores, 2)} | ${num(m.machineCpuCores, 2)} |`),
      '',
      '| window (minutes) | bets/s | calls | p50 ms | p99 ms | failed | server CPU ms per bet |',
      '|---|--:|--:|--:|--:|--:|--:|',
      ...s.windows.map((w) => `| ${w.fromMinute}-${w.toMinute} | ${num(w.betsPerSecond)} | ${num(w.calls)} | ${num(w.p50Ms, 1)} | ${num(w.p99Ms, 1)} | ${w.failed} | ${num(w.serverCpuMsPerBet, 2)} |`),
      '',
      '| play | actions chosen | calls | p99 ms | failed | first failure |',
      '|---|--:|--:|--:|--:|---|',
      ...Object.entries(s.byKind).map(([kind, k]) => `| ${kind} | ${num(k.actions)} | ${num(k.calls)} | ${num(k.p99Ms, 1)} | ${k.failed} | ${k.firstFailure ? k.firstFailure.replace(/\|/g, '\\|') : '-'} |`),
      '',
    )
  }
  return lines
}
