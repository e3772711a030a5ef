import { generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEV_WEBHOOK_SECRET, loadConfig } from './index'

/** A secret production accepts: 32 bytes. */
const SECRET = 'k'.repeat(32)

/** What loadConfig refused with, one line per problem; fails the test when it did not refuse. */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  throw new Error('loadConfig accepted the configuration')
}

/** Identities checked by Serpro's Datavalid: what production needs beside the settings each test looks at. */
const KYC = { KYC_PROVIDER: 'datavalid', DATAVALID_BASE_URL: 'https://gateway.apiserpro.serpro.gov.br/datavalid', DATAVALID_TOKEN_URL: 'https://gateway.apiserpro.serpro.gov.br/token', DATAVALID_CONSUMER_KEY: 'key', DATAVALID_CONSUMER_SECRET: 'secret' }

describe('APP_MODE', () => {
  it('is demo when unset or empty: simulated payments on, the fixed captcha answer kept', () => {
    for (const env of [{}, { APP_MODE: '' }, { APP_MODE: 'demo' }]) {
      const config = loadConfig({ ...env, CAPTCHA_FIXED_ANSWER: 'teste' })
      expect(config.appMode).toBe('demo')
      expect(config.production).toBe(false)
      expect(config.captchaFixedAnswer).toBe('teste')
      expect(config.wallet).toMatchObject({ payoutSandboxSettleMs: 120_000, paymentWebhookSecret: DEV_WEBHOOK_SECRET })
      expect(config.wallet.pix).toMatchObject({ provider: 'sandbox', payouts: 'efi', baseUrl: null })
    }
  })

  it('is not decided by NODE_ENV', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ appMode: 'demo', production: false })
    expect(problems({ NODE_ENV: 'development', APP_MODE: 'production', ...KYC }).length).toBeGreaterThan(0)
  })

  it('refuses an unknown mode', () => {
    for (const mode of ['prod', 'Production', 'production ', 'test']) {
      expect(problems({ APP_MODE: mode })).toEqual([`APP_MODE must be demo or production, not "${mode}"`])
    }
  })
})

describe('production mode', () => {
  const safe = { APP_MODE: 'production', ...KYC, PAYMENT_WEBHOOK_SECRET: SECRET, GAME_PROVIDERS: '' }
  const noProvider = "PIX_PROVIDER is none: production needs PIX deposits; set PIX_PROVIDER=apipix and the PSP's PIX_* settings."
  const psp = { PIX_PROVIDER: 'apipix', PIX_BASE_URL: 'https://pix.api.efipay.com.br', PIX_CLIENT_ID: 'id', PIX_CLIENT_SECRET: 'secret', PIX_KEY_CHAVE: 'pix@aposta.example', PIX_CERT: '/etc/pix/cert.pem', PIX_KEY: '/etc/pix/key.pem' }

  it('lists every unsafe setting, one line each', () => {
    const lines = problems({
      APP_MODE: 'production', ...KYC,
      PIX_PROVIDER: 'sandbox',
      PAYOUT_SANDBOX_SETTLE_SECONDS: '120',
      CAPTCHA_FIXED_ANSWER: 'teste',
      GAME_PROVIDERS: '',
    })
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^PIX_PROVIDER is sandbox: /)
    expect(lines[1]).toMatch(/^PAYOUT_SANDBOX_SETTLE_SECONDS is set: /)
    expect(lines[2]).toBe('PAYMENT_WEBHOOK_SECRET must be a secret of at least 32 bytes (unset, the public development value would sign the webhooks).')
    expect(lines[3]).toMatch(/^CAPTCHA_FIXED_ANSWER is set: /)
  })

  it('starts only with a real PSP, reached over mutual TLS and https', () => {
    expect(problems(safe)).toEqual([noProvider])
    expect(problems({ ...safe, PIX_PROVIDER: 'none' })).toEqual([noProvider])
    expect(loadConfig({ ...safe, ...psp }).wallet.pix).toMatchObject({ provider: 'apipix', cert: '/etc/pix/cert.pem', key: '/etc/pix/key.pem' })
    expect(problems({ ...safe, ...psp, PIX_CERT: '', PIX_KEY: '' })).toEqual(['PIX_CERT / PIX_KEY are unset: API Pix PSPs require mutual TLS with the client certificate they issued.'])
    expect(problems({ ...safe, ...psp, PIX_BASE_URL: 'http://pix.example' })).toEqual(['PIX_BASE_URL must be https:// in production.'])
  })

  it('turns the simulations off by default, and refuses them turned on', () => {
    expect(loadConfig({ ...safe, ...psp, PAYOUT_SANDBOX_SETTLE_SECONDS: 'off' }).wallet.payoutSandboxSettleMs).toBeNull()
    expect(problems({ ...safe, ...psp, PAYOUT_SANDBOX_SETTLE_SECONDS: '0' })).toEqual([expect.stringMatching(/^PAYOUT_SANDBOX_SETTLE_SECONDS is set/)])
  })

  it('wants each game provider\'s secret of at least 32 bytes, and reads PROVIDER_SECRETS strictly', () => {
    expect(problems({ ...safe, PROVIDER_SECRETS: `PG=${'p'.repeat(32)},EVO=short` })).toEqual(["PROVIDER_SECRETS: EVO's secret must be at least 32 bytes (it has 5).", noProvider])
    expect(loadConfig({ PROVIDER_SECRETS: ' PG = abc , BG=def ' }).providerSecrets).toEqual({ PG: 'abc', BG: 'def' })
    for (const bad of ['PG', '=abc', 'pg=abc', 'PG=']) expect(() => loadConfig({ PROVIDER_SECRETS: bad }), bad).toThrow(ConfigError)
    expect(problems({ ...safe, DEMO_PROVIDER_FAULTS: '1' })).toEqual([expect.stringMatching(/^DEMO_PROVIDER_FAULTS is on/), noProvider])
  })

  it('refuses the built-in demo provider, a listed provider without its secret, and Hub88 without its address and keys', () => {
    // Production lists no provider games unless told (GAME_AGGREGATOR's default there is none).
    expect(problems({ ...safe, GAME_PROVIDERS: undefined })).toEqual([noProvider])
    // Demo mode runs Hub88's adapter against its emulator by default.
    expect(loadConfig({}).gameProviders).toBe('PG=hub88,EVO=hub88,BG=hub88')
    expect(loadConfig({ GAME_AGGREGATOR: 'demo' }).gameProviders).toBe('PG=demo,EVO=demo,BG=demo')
    const demo = ['PG', 'EVO', 'BG'].map((code) => `GAME_PROVIDERS lists ${code} as the built-in demo provider, a development slot: production lists real aggregators (or GAME_PROVIDERS= for none).`)
    expect(problems({ ...safe, GAME_PROVIDERS: undefined, GAME_AGGREGATOR: 'demo' })).toEqual([...demo, noProvider])
    // The check reads GAME_PROVIDERS's codes; a kind the build lacks is the registry's error at start.
    expect(problems({ ...safe, GAME_PROVIDERS: 'HUB=direct', PROVIDER_SECRETS: `PG=${'p'.repeat(32)}` })).toEqual([
      'PROVIDER_SECRETS has no secret for HUB: every wallet call of that provider would be refused. Add HUB=<secret>.',
      noProvider,
    ])
    expect(problems({ ...safe, GAME_PROVIDERS: 'HUB=direct', PROVIDER_SECRETS: `HUB=${'h'.repeat(32)}` })).toEqual([noProvider])
    // Hub88's codes are signed with RSA keys, not a secret: its address and keys are asked once, whatever the codes.
    const hub88 = problems({ ...safe, GAME_PROVIDERS: undefined, GAME_AGGREGATOR: 'hub88' })
    expect(hub88.map((l) => l.split(' ')[0])).toEqual(['HUB88_URL', 'HUB88_PRIVATE_KEY', 'HUB88_PUBLIC_KEY', 'CSP_FRAME_SRC', 'CSP_IMG_SRC', noProvider.split(' ')[0]])
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hub88-keys-'))
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
    fs.writeFileSync(path.join(dir, 'ours.pem'), pair.privateKey.export({ type: 'pkcs8', format: 'pem' }))
    fs.writeFileSync(path.join(dir, 'hub88.pem'), pair.publicKey.export({ type: 'spki', format: 'pem' }))
    const keys = { HUB88_PRIVATE_KEY: path.join(dir, 'ours.pem'), HUB88_PUBLIC_KEY: path.join(dir, 'hub88.pem'), CSP_FRAME_SRC: 'https://*.hub88.io,https://games.studio.example', CSP_IMG_SRC: 'https://cdn.hub88.io' }
    expect(problems({ ...safe, GAME_AGGREGATOR: 'hub88', GAME_PROVIDERS: undefined, HUB88_URL: 'https://api.am.hub88.io', HUB88_OPERATOR_ID: '42', ...keys })).toEqual([noProvider])
    expect(problems({ ...safe, GAME_AGGREGATOR: 'hub88', GAME_PROVIDERS: undefined, HUB88_URL: 'http://api.am.hub88.io', ...keys })).toEqual(['HUB88_URL must be https:// in production.', noProvider])
    expect(loadConfig({ CSP_IMG_SRC: 'https://cdn.hub88.io/thumbs, https://*.example.com' }).imageSources).toEqual(['https://cdn.hub88.io', 'https://*.example.com'])
    expect(() => loadConfig({ CSP_IMG_SRC: 'cdn.hub88.io' })).toThrow(/CSP_IMG_SRC must hold https:\/\/ addresses/)
    // A key file that is not an RSA key in PEM is named at once.
    expect(() => loadConfig({ GAME_AGGREGATOR: 'hub88', HUB88_PRIVATE_KEY: path.join(dir, 'hub88.pem') })).toThrow(/HUB88_PRIVATE_KEY must be the path of an RSA key/)
    expect(() => loadConfig({ GAME_AGGREGATOR: 'bally' })).toThrow(/GAME_AGGREGATOR must be one of demo, hub88, none/)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('wants a metrics token of at least 32 bytes', () => {
    expect(problems({ ...safe, METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN must be a secret of at least 32 bytes (it has 5).', noProvider])
    expect(problems({ ...safe, METRICS_TOKEN: 'm'.repeat(32) })).toEqual([noProvider])
  })

  it('wants a webhook secret of at least 32 bytes, counted in bytes', () => {
    expect(problems({ ...safe, PAYMENT_WEBHOOK_SECRET: 'k'.repeat(31) })).toEqual([
      'PAYMENT_WEBHOOK_SECRET must be a secret of at least 32 bytes (it has 31).',
      noProvider,
    ])
    // 16 characters, 32 bytes in UTF-8.
    expect(problems({ ...safe, PAYMENT_WEBHOOK_SECRET: 'ç'.repeat(16) })).toEqual([noProvider])
    expect(problems({ ...safe, PAYMENT_WEBHOOK_SECRET: DEV_WEBHOOK_SECRET })[0]).toMatch(/^PAYMENT_WEBHOOK_SECRET must be/)
  })

  it('refuses the fixed captcha answer', () => {
    expect(problems({ ...safe, CAPTCHA_FIXED_ANSWER: 'teste' })).toEqual([expect.stringMatching(/^CAPTCHA_FIXED_ANSWER is set/), noProvider])
  })

  it('takes The Odds API at an https address with its key, and refuses its emulator or plain http', () => {
    const odds = { ...safe, SPORT_FEED: 'theoddsapi' }
    expect(problems({ ...odds, ODDS_API_KEY: 'k' })).toEqual([expect.stringMatching(/^ODDS_API_URL is unset: .*emulator/), noProvider])
    expect(problems({ ...odds, ODDS_API_KEY: 'k', ODDS_API_URL: 'http://api.the-odds-api.com' })).toEqual(['ODDS_API_URL must be https:// in production (the API key travels in its query).', noProvider])
    expect(problems({ ...odds, ODDS_API_URL: 'https://api.the-odds-api.com' })).toEqual([expect.stringMatching(/^ODDS_API_KEY is unset/), noProvider])
    expect(problems({ ...odds, ODDS_API_KEY: 'k', ODDS_API_URL: 'https://api.the-odds-api.com' })).toEqual([noProvider])
    expect(loadConfig({ ...odds, ...psp, ODDS_API_KEY: 'k', ODDS_API_URL: 'https://api.the-odds-api.com/' }).sport).toMatchObject({ feed: 'theoddsapi', oddsApi: { url: 'https://api.the-odds-api.com', key: 'k' } })
  })

  it('refuses a stopped sportsbook clock; elsewhere it must be an ISO instant', () => {
    expect(problems({ ...safe, SPORT_CLOCK: '2026-11-24T18:00:00Z' })).toEqual([expect.stringMatching(/^SPORT_CLOCK is set/), noProvider])
    expect(loadConfig({ SPORT_CLOCK: '2026-11-24T18:00:00Z' }).sport.clock).toBe(Date.UTC(2026, 10, 24, 18))
    expect(problems({ SPORT_CLOCK: 'tomorrow' })).toEqual(['SPORT_CLOCK must be an ISO instant such as 2026-11-24T18:00:00Z, not "tomorrow"'])
  })
})

describe('REFERRAL_RATES', () => {
  it('three percents in basis points, adding up to at most 1 %', () => {
    expect(loadConfig({}).wallet.referral.ratesBp).toEqual([40, 20, 10])
    expect(loadConfig({ REFERRAL_RATES: '0.5, 0.3, 0.2' }).wallet.referral.ratesBp).toEqual([50, 30, 20])
    expect(problems({ REFERRAL_RATES: '1,1,1' })).toEqual(['REFERRAL_RATES must be three percents adding up to at most 1, e.g. 0.4,0.2,0.1, not "1,1,1"'])
    expect(problems({ REFERRAL_RATES: '0.4,0.2' })[0]).toMatch(/^REFERRAL_RATES must be/)
  })
})

describe('provider wins (issue 29)', () => {
  it('PROVIDER_SETTLE_WINDOW_HOURS: 24 by default, hours above 0 up to 720; nonsense refused', () => {
    expect(loadConfig({}).providerSettleMs).toBe(24 * 3_600_000)
    expect(loadConfig({ PROVIDER_SETTLE_WINDOW_HOURS: '1.5' }).providerSettleMs).toBe(5_400_000)
    for (const bad of ['abc', '0', '-1', '721', 'Infinity']) expect(problems({ PROVIDER_SETTLE_WINDOW_HOURS: bad })[0], bad).toMatch(/^PROVIDER_SETTLE_WINDOW_HOURS must be /)
  })

  it('PROVIDER_ALERT_NET_PER_DAY: R$ 50.000 by default, an amount in reais above 0; nonsense refused', () => {
    expect(loadConfig({}).providerAlertNetPerDay).toBe(5_000_000n)
    expect(loadConfig({ PROVIDER_ALERT_NET_PER_DAY: '1000.50' }).providerAlertNetPerDay).toBe(100_050n)
    for (const bad of ['abc', '0', '-5', '1.234']) expect(problems({ PROVIDER_ALERT_NET_PER_DAY: bad })[0], bad).toMatch(/^PROVIDER_ALERT_NET_PER_DAY must be /)
  })
})

describe('PIX_PROVIDER', () => {
  it('in demo mode: the emulator by default, none on request, nothing unknown; the old switches are refused with a pointer', () => {
    expect(loadConfig({ PIX_PROVIDER: 'none' }).wallet.pix).toMatchObject({ provider: null, payouts: null })
    expect(loadConfig({ PIX_PAYOUTS: 'off' }).wallet.pix).toMatchObject({ provider: 'sandbox', payouts: null })
    // The emulator reached through a proxy in front of it (the money simulator's faults); unset: directly.
    expect(loadConfig({}).wallet.pix).toMatchObject({ provider: 'sandbox', baseUrl: null, webhookUrl: null })
    expect(loadConfig({ PIX_BASE_URL: 'http://127.0.0.1:9/psp-sandbox', PIX_WEBHOOK_URL: 'http://127.0.0.1:9/hook' }).wallet.pix).toMatchObject({ provider: 'sandbox', baseUrl: 'http://127.0.0.1:9/psp-sandbox', webhookUrl: 'http://127.0.0.1:9/hook' })
    expect(problems({ PIX_PROVIDER: 'pagseguro' })).toEqual(['PIX_PROVIDER must be one of sandbox, apipix, none, not "pagseguro"'])
    expect(problems({ SANDBOX_PAYMENTS: '1' })).toEqual(['SANDBOX_PAYMENTS is gone: PIX_PROVIDER=sandbox | apipix | none chooses the PIX rails'])
    expect(problems({ PAYMENT_PROVIDER: 'sandbox' })).toEqual(['PAYMENT_PROVIDER is gone: PIX_PROVIDER=sandbox | apipix | none chooses the PIX rails'])
  })

  it('apipix needs the PSP address, credentials and receiving key; a certificate comes with its key', () => {
    expect(problems({ PIX_PROVIDER: 'apipix' })).toEqual(['PIX_PROVIDER=apipix needs PIX_BASE_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_KEY_CHAVE'])
    const env = { PIX_PROVIDER: 'apipix', PIX_BASE_URL: 'https://pix-h.api.efipay.com.br/', PIX_CLIENT_ID: 'id', PIX_CLIENT_SECRET: 'secret', PIX_KEY_CHAVE: 'pix@aposta.example' }
    expect(loadConfig(env).wallet.pix).toMatchObject({ provider: 'apipix', baseUrl: 'https://pix-h.api.efipay.com.br', chave: 'pix@aposta.example', cert: null, payouts: 'efi' })
    expect(problems({ ...env, PIX_CERT: '/etc/pix/cert.pem' })).toEqual(['PIX_CERT and PIX_KEY go together: the client certificate and its private key'])
    expect(problems({ ...env, PIX_BASE_URL: 'ftp://x' })).toEqual(['PIX_BASE_URL must be an https:// address, not "ftp://x"'])
    expect(problems({ PIX_RECONCILE_HOURS: '2000' })).toEqual(['PIX_RECONCILE_HOURS must be at most 1440 (60 days): payments older than 90 days are forgotten'])
  })

  it('refuses a mistyped switch rather than guessing', () => {
    expect(problems({ DEMO_PROVIDER_FAULTS: 'yes please' })).toEqual(['DEMO_PROVIDER_FAULTS must be 1 or 0, not "yes please"'])
  })
})

describe('every problem at once', () => {
  it('names each wrong setting of every domain in one error, in reading order, and not the first only', () => {
    expect(
      problems({
        PORT: 'eighty',
        TRUST_PROXY: 'true',
        WITHDRAW_MIN: 'trinta',
        PIX_PAYOUTS: 'maybe',
        ROUND_TIMINGS: 'double=0/1/1,roulette=1/1/1',
        SPORT_FEED: 'oracle',
        SOCKET_EVENT_BURST: '0',
      }),
    ).toEqual([
      'PORT must be a whole number from 0 to 65535, not "eighty"',
      'TRUST_PROXY=true is refused: give the number of proxy hops in front of the server (e.g. 1) or their addresses',
      'PIX_PAYOUTS must be efi or off, not "maybe"',
      'WITHDRAW_MIN must be an amount in reais, e.g. 30',
      'ROUND_TIMINGS: double needs some betting time',
      'ROUND_TIMINGS must read like double=15/6/4,luckyColor=55/3/2 (seconds of betting/draw/result), not "roulette=1/1/1"',
      'SPORT_FEED must be simulator or theoddsapi or none, not "oracle"',
      'SOCKET_EVENT_BURST must be a whole number from 1 to 10000, not "0"',
    ])
  })

  it('in production, adds the unsafe settings but not a second line about a setting already refused', () => {
    const lines = problems({ APP_MODE: 'production', ...KYC, PIX_PROVIDER: 'paypal', SPORT_SEED: 'a b', PAYMENT_WEBHOOK_SECRET: SECRET, GAME_PROVIDERS: '' })
    expect(lines).toEqual([
      'PIX_PROVIDER must be one of sandbox, apipix, none, not "paypal"',
      'SPORT_SEED must be letters, digits, dots or dashes (at most 64), not "a b"',
    ])
  })
})

describe('KYC_PROVIDER', () => {
  const datavalid = { KYC_PROVIDER: 'datavalid', DATAVALID_BASE_URL: 'https://gateway.apiserpro.serpro.gov.br/datavalid/', DATAVALID_TOKEN_URL: 'https://gateway.apiserpro.serpro.gov.br/token', DATAVALID_CONSUMER_KEY: 'key', DATAVALID_CONSUMER_SECRET: 'secret' }

  it('is the Datavalid emulator in demo mode, none on request, Serpro\'s Datavalid with its four settings', () => {
    expect(loadConfig({}).kyc).toMatchObject({ provider: 'emulator', baseUrl: null, tokenUrl: null, timeoutMs: 10_000 })
    expect(loadConfig({ KYC_PROVIDER: 'none' }).kyc.provider).toBeNull()
    expect(loadConfig(datavalid).kyc).toMatchObject({ provider: 'datavalid', baseUrl: 'https://gateway.apiserpro.serpro.gov.br/datavalid', consumerKey: 'key' })
    expect(problems({ KYC_PROVIDER: 'datavalid', DATAVALID_CONSUMER_KEY: 'key' })).toEqual(['KYC_PROVIDER=datavalid needs DATAVALID_BASE_URL, DATAVALID_TOKEN_URL, DATAVALID_CONSUMER_SECRET'])
    expect(problems({ KYC_PROVIDER: 'serpro' })).toEqual(['KYC_PROVIDER must be one of emulator, datavalid, none, not "serpro"'])
    expect(problems({ ...datavalid, DATAVALID_TIMEOUT_SECONDS: '0' })).toEqual(['DATAVALID_TIMEOUT_SECONDS must be a number from 1 to 60, not "0"'])
  })

  it('production refuses the emulator and plain http, and takes Datavalid', () => {
    const safe = { APP_MODE: 'production', PAYMENT_WEBHOOK_SECRET: SECRET, GAME_PROVIDERS: '', PIX_PROVIDER: 'apipix', PIX_BASE_URL: 'https://pix.api.efipay.com.br', PIX_CLIENT_ID: 'id', PIX_CLIENT_SECRET: 'secret', PIX_KEY_CHAVE: 'pix@aposta.example', PIX_CERT: '/etc/pix/cert.pem', PIX_KEY: '/etc/pix/key.pem' }
    expect(problems({ ...safe, KYC_PROVIDER: 'emulator' })).toEqual([expect.stringMatching(/^KYC_PROVIDER is emulator: /)])
    expect(problems({ ...safe, ...datavalid, DATAVALID_BASE_URL: 'http://datavalid.example' })).toEqual(['DATAVALID_BASE_URL must be https:// in production.'])
    expect(loadConfig({ ...safe, ...datavalid }).kyc.provider).toBe('datavalid')
    // Unset (or none), production refuses to verify identities on check digits alone.
    expect(problems(safe)).toEqual([expect.stringMatching(/^KYC_PROVIDER is none: /)])
    expect(problems({ ...safe, KYC_PROVIDER: 'none' })).toEqual([expect.stringMatching(/^KYC_PROVIDER is none: /)])
  })
})

describe('ODDS_API_*', () => {
  it('in demo mode: this server\'s emulator with its own key; the defaults documented', () => {
    expect(loadConfig({ SPORT_FEED: 'theoddsapi' }).sport.oddsApi).toEqual({
      key: 'emulator-odds-api-key',
      url: null,
      sports: expect.arrayContaining(['soccer_brazil_campeonato', 'soccer_epl', 'basketball_nba', 'tennis_atp_*']),
      regions: ['eu'],
      refreshMs: { preMatch: 300_000, live: 30_000 },
      staleMs: { preMatch: 1_200_000, live: 90_000 },
      quotaFloor: 100,
    })
    // The default feed stays the simulator.
    expect(loadConfig({}).sport.feed).toBe('simulator')
  })

  it('reads the lists and the pre-match,live pairs, and refuses what means nothing', () => {
    const o = loadConfig({ SPORT_FEED: 'theoddsapi', ODDS_API_SPORTS: ' soccer_epl , basketball_nba ', ODDS_API_REGIONS: 'eu,uk', ODDS_API_REFRESH_SECONDS: '600,20', ODDS_API_STALE_SECONDS: '900', ODDS_API_QUOTA_FLOOR: '0' }).sport.oddsApi
    expect(o).toMatchObject({ sports: ['soccer_epl', 'basketball_nba'], regions: ['eu', 'uk'], refreshMs: { preMatch: 600_000, live: 20_000 }, staleMs: { preMatch: 900_000, live: 900_000 }, quotaFloor: 0 })
    expect(problems({ ODDS_API_REGIONS: 'br' })).toEqual(['ODDS_API_REGIONS: "br" is not one of us, us2, uk, eu, au'])
    expect(problems({ ODDS_API_SPORTS: 'Soccer EPL' })).toEqual(['ODDS_API_SPORTS: "Soccer EPL" is not a sport key (letters, digits and _, an optional trailing *)'])
    expect(problems({ ODDS_API_REFRESH_SECONDS: '300,0' })[0]).toMatch(/^ODDS_API_REFRESH_SECONDS must be two whole numbers of seconds from 5/)
    expect(problems({ ODDS_API_STALE_SECONDS: '1,2,3' })[0]).toMatch(/^ODDS_API_STALE_SECONDS must be/)
    expect(problems({ ODDS_API_URL: 'ftp://x' })[0]).toMatch(/^ODDS_API_URL must be an http\(s\) address/)
    expect(problems({ SPORT_FEED: 'theoddsapi', ODDS_API_URL: 'https://api.the-odds-api.com' })).toEqual(['ODDS_API_KEY is unset: ODDS_API_URL names a real Odds API, which answers every call without a key 401.'])
  })
})
