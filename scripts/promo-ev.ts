// `npx tsx scripts/promo-ev.ts`: the expected value of every gift the house gives (each active
// deposit package, each VIP award, each sign-in reward) for a player who clears it at the best odds
// the rules allow, on every game and bet type the server has, under this environment's settings
// (WAGER_CONTRIBUTION, DEPOSIT_TURNOVER, VIP_AWARD_WAGER_X, SIGNIN_*, SPORT_MARGIN, GAME_PROVIDERS).
// Every one must come out at or under zero: the exit code is 1 otherwise.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { demoProviderPlugin } from '../demo-provider/server/demoProvider'
import { loadConfig } from '../src/server/config'
import { openPglite } from '../src/server/db/connection'
import { migrate } from '../src/server/db/migrate'
import { hub88Hosts } from '../src/server/providers/hub88/hosts'
import { providerRegistry } from '../src/server/providers/registry'
import { countingBets, giftEvs, houseGifts } from '../src/server/wallet/promoEv'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-ev-'))
const config = loadConfig({ ...process.env, DATA_DIR: dir })
// The packages and levels as a fresh database seeds them (or DATABASE_URL's, when set).
// The demo provider's catalogue is read over its API, as the server reads it: served here for the run.
const demo = Fastify()
demoProviderPlugin(demo, { walletUrl: () => 'http://127.0.0.1:1', secretOf: () => 'promo-ev', faults: false, page: null })
const demoUrl = await demo.listen({ port: 0, host: '127.0.0.1' })
const db = config.databaseUrl ? await (await import('../src/server/db/connection')).openPostgres(config.databaseUrl) : await openPglite(path.join(dir, 'pglite'))
try {
  await migrate(db)
  // Hub88's emulator lives in the server, not here: its games are the demo provider's, at the same RTPs, so they are read from it.
  const codes = config.hub88.url === null ? config.gameProviders.replace(/=hub88\b/g, '=demo') : config.gameProviders
  const bets = await countingBets({ sportMargin: config.sport.margin, providers: providerRegistry(codes, { demoUrl: () => demoUrl, hub88: hub88Hosts(config, () => demoUrl) }) })
  console.log('bet                          counts  best return')
  for (const b of bets) console.log(`${b.bet.padEnd(28)} ${String(config.wallet.wagerContribution[b.game] ?? 100).padStart(5)} %  ${(b.rtp * 100).toFixed(4)} %`)
  const rows = giftEvs(await houseGifts(db, config.wallet), bets, config.wallet)
  console.log(`\ndeposit turnover ${config.wallet.depositTurnover}x, VIP awards ${config.wallet.vipAwardWagerX}x, sign-in rewards ${config.wallet.signin.wagerX}x`)
  console.log('gift                      price          gift  best bet                     stakes needed     player EV')
  for (const p of rows) {
    console.log(
      `${p.label.padEnd(20)} ${p.price.toFixed(2).padStart(10)} ${p.gift.toFixed(2).padStart(13)}  ${p.bestBet.padEnd(26)} ${p.stakes.toFixed(2).padStart(15)} ${p.ev.toFixed(2).padStart(13)}${p.ev > 1e-9 ? '  <- pays the player' : ''}`,
    )
  }
  process.exitCode = rows.some((p) => p.ev > 1e-9) ? 1 : 0
} finally {
  await demo.close()
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
}
