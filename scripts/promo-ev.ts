// `npx tsx scripts/promo-ev.ts`: the expected value of every active deposit package for a player
// who clears it at the best allowed odds, under this environment's settings (WAGER_CONTRIBUTION,
// DEPOSIT_TURNOVER). The promotional packages (INSBRL, EXPPAY) must come out at or under zero.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../src/server/config'
import { openPglite } from '../src/server/db/connection'
import { migrate } from '../src/server/db/migrate'
import { packageEvs } from '../src/server/wallet/promoEv'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-ev-'))
const config = loadConfig({ ...process.env, DATA_DIR: dir })
// The packages as a fresh database seeds them (or DATABASE_URL's, when set).
const db = config.databaseUrl ? await (await import('../src/server/db/connection')).openPostgres(config.databaseUrl) : await openPglite(path.join(dir, 'pglite'))
try {
  await migrate(db)
  const r = await db.query<{ id: number; curreny: string; price: bigint; gift: bigint; gift_wager_x: number; turnover_x: number | null }>(
    'SELECT id, curreny, price, gift, gift_wager_x, turnover_x FROM price_packages WHERE active ORDER BY curreny, sort, id',
  )
  const rows = packageEvs(
    r.rows.map((p) => ({ pkgId: p.id, curreny: p.curreny, price: BigInt(p.price), gift: BigInt(p.gift), wagerX: p.gift_wager_x, turnoverX: p.turnover_x ?? config.wallet.depositTurnover })),
    config.wallet,
  )
  console.log(`contribution ${JSON.stringify(config.wallet.wagerContribution)}, others 100 %; deposit turnover ${config.wallet.depositTurnover}x`)
  console.log('pkg  curreny  price      gift      best game  stakes needed  player EV')
  for (const p of rows) {
    const promo = p.curreny === 'INSBRL' || p.curreny === 'EXPPAY'
    console.log(
      `${String(p.pkgId).padEnd(4)} ${p.curreny.padEnd(8)} ${p.price.toFixed(2).padStart(9)} ${p.gift.toFixed(2).padStart(9)}  ${p.bestGame.padEnd(9)} ${p.stakes.toFixed(2).padStart(13)}  ${p.ev.toFixed(2).padStart(9)}${promo && p.ev > 0 ? '  <- promotional package pays the player' : ''}`,
    )
  }
  process.exitCode = rows.some((p) => (p.curreny === 'INSBRL' || p.curreny === 'EXPPAY') && p.ev > 0) ? 1 : 0
} finally {
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
}
