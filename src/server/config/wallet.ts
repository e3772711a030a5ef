// The wallet's settings: deposits, withdrawals, transfers, gifts and their wagering, loyalty rewards.
import type { AppMode } from '../../shared/contract/appInfo'
import { reaisTextToCentavos } from '../../shared/money'
import { numberEnv, problem, reaisEnv, switchEnv } from './env'
import { DEV_WEBHOOK_SECRET, loadPixConfig, type PixConfig } from './pix'

/** The wallet's business limits (spec section 9), each overridable from the environment. */
export interface WalletConfig {
  /** Smallest withdrawal, centavos (WITHDRAW_MIN, reais). */
  withdrawMin: bigint
  /** Largest single withdrawal, centavos (WITHDRAW_MAX, reais). */
  withdrawMax: bigint
  /** Withdrawals per day, days in America/Sao_Paulo (WITHDRAW_PER_DAY). */
  withdrawPerDay: number
  /** Reais per USDT for the USDT withdrawal type (USDT_RATE). */
  usdtRate: number
  /** How long a deposit order waits for its payment (DEPOSIT_TTL_MINUTES). */
  depositTtlMs: number
  /**
   * The secret in the webhook address registered with the PSP (PAYMENT_WEBHOOK_SECRET): the PSP
   * posts to /api/pay/webhook/apipix/<secret>/pix, and a call without it is refused.
   */
  paymentWebhookSecret: string
  /** The PIX rails: deposits (API Pix) and payouts (Efí's Pix send), or the built-in PSP emulator. */
  pix: PixConfig
  /** The emulator's payouts settle a withdrawal this long after it was sent; null: only when a test settles it (PAYOUT_SANDBOX_SETTLE_SECONDS). */
  payoutSandboxSettleMs: number | null
  /**
   * How long a minute of the reality check's interval lasts, ms (REALITY_CHECK_MINUTE_SECONDS, 60):
   * shorter only in tests, so a browser test sees a check within seconds; production refuses it.
   */
  realityMinuteMs: number
  /** Stakes in one São Paulo day after which the bonus boost (EXPPAY) is offered, once that day (BOOST_AFTER_WAGERED, reais; 0 turns it off). */
  boostAfterWagered: bigint
  /** The largest single stake while a gift is being wagered, centavos (BONUS_MAX_STAKE, reais). */
  bonusMaxStake: bigint
  /** Times a deposit's cash must be staked before it can be withdrawn or transferred (DEPOSIT_TURNOVER; 0: off). */
  depositTurnover: number
  /** The most deposit gifts one account may receive in all, centavos (DEPOSIT_GIFT_CAP, reais). */
  giftCap: bigint
  /** A VIP award is credited to bonus with this many times itself to wager (VIP_AWARD_WAGER_X, 15, the gifts' rule; 0: to cash). */
  vipAwardWagerX: number
  /** Referral commissions: percent of a referee's counted stakes per level (REFERRAL_RATES, "0.4,0.2,0.1") in basis points, and the times a commission is wagered (REFERRAL_WAGER_X, 1; 0: to cash). */
  referral: { ratesBp: [number, number, number]; wagerX: number }
  /** Daily sign-in: the 7 days' rewards in centavos (SIGNIN_REWARDS, reais, "0.50,1,1.50,2,3,4,5") and the times each is wagered (SIGNIN_WAGER_X, 30: more than any game's edge gives back). */
  signin: { rewards: bigint[]; wagerX: number }
  /** How long a compensation or bonus-boost offer stays open (PROMO_OFFER_TTL_MINUTES). */
  offerTtlMs: number
  /** Percent of a stake that counts toward a gift's wagering, by game (WAGER_CONTRIBUTION, DEFAULT_CONTRIBUTION); others count 100. */
  wagerContribution: Record<string, number>
  /** Most a player may transfer in one São Paulo day, centavos (TRANSFER_MAX_PER_DAY, reais). */
  transferMaxPerDay: bigint
  /** Transfers a player may send in one São Paulo day (TRANSFER_COUNT_PER_DAY). */
  transferCountPerDay: number
  /** Withdrawals and transfers wait this long after a password reset or change (PASSWORD_CHANGE_HOLD_HOURS; 0: off). */
  passwordChangeHoldMs: number
  /**
   * WITHDRAW_CNPJ (off): CNPJ withdrawals (the spec's type) are taken, and then wait, held, for a
   * person's approval before any payout (the operators' console's queue); off, they are refused.
   */
  withdrawCnpj: boolean
  /** WITHDRAW_REVIEW_OVER (5000 reais; 0: off): a withdrawal above it waits for an operator's review (the console's queue) before any payout. */
  withdrawReviewOver: bigint
  /**
   * WITHDRAW_REVIEW (on in production, off in demo): an account's first withdrawal, and one the
   * rules flag (identity verified in the last 7 days, a harm marker in the last 7 days, two or more
   * deposits refused in 30 days because another CPF paid them), waits for an operator's review.
   */
  withdrawReview: boolean
}

/** SIGNIN_REWARDS: seven amounts in reais, one per day of the cycle. */
function signinRewardsEnv(env: NodeJS.ProcessEnv): bigint[] {
  const raw = (env.SIGNIN_REWARDS ?? '').trim() || '0.50,1,1.50,2,3,4,5'
  const list = raw.split(',').map((x) => reaisTextToCentavos(x.trim()))
  if (list.length !== 7 || list.some((x) => x === null || x < 0n)) return problem(`SIGNIN_REWARDS must be seven amounts in reais, e.g. 0.50,1,1.50,2,3,4,5, not "${raw}"`, [50n, 100n, 150n, 200n, 300n, 400n, 500n])
  return list as bigint[]
}

/** REFERRAL_RATES: three percents ("0.4,0.2,0.1") as basis points, their sum at most 1 %. */
function referralRatesEnv(env: NodeJS.ProcessEnv): [number, number, number] {
  const raw = (env.REFERRAL_RATES ?? '').trim() || '0.4,0.2,0.1'
  const bp = raw.split(',').map((x) => Math.round(Number(x.trim()) * 100))
  if (bp.length !== 3 || bp.some((x) => !Number.isInteger(x) || x < 0) || bp.reduce((a, b) => a + b, 0) > 100) {
    return problem(`REFERRAL_RATES must be three percents adding up to at most 1, e.g. 0.4,0.2,0.1, not "${raw}"`, [40, 20, 10])
  }
  return bp as [number, number, number]
}

export function loadWalletConfig(env: NodeJS.ProcessEnv, mode: AppMode): WalletConfig {
  const demo = mode === 'demo'
  const settle = (env.PAYOUT_SANDBOX_SETTLE_SECONDS ?? '').trim()
  const pix = loadPixConfig(env, demo)
  const wallet: WalletConfig = {
    withdrawMin: reaisEnv(env, 'WITHDRAW_MIN', '30'),
    withdrawMax: reaisEnv(env, 'WITHDRAW_MAX', '10000'),
    withdrawPerDay: numberEnv(env, 'WITHDRAW_PER_DAY', 3, true, { min: 1, max: 1000 }),
    usdtRate: numberEnv(env, 'USDT_RATE', 5.5, false, { min: 0.01, max: 1000 }),
    depositTtlMs: numberEnv(env, 'DEPOSIT_TTL_MINUTES', 30, true, { min: 1, max: 1440 }) * 60_000,
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET,
    pix,
    // In production the sandbox payouts stay off unless asked for (and then refused, below).
    payoutSandboxSettleMs: settle === 'off' || (settle === '' && !demo) ? null : numberEnv(env, 'PAYOUT_SANDBOX_SETTLE_SECONDS', 120, true, { max: 86_400 }) * 1000,
    realityMinuteMs: numberEnv(env, 'REALITY_CHECK_MINUTE_SECONDS', 60, true, { min: 1, max: 60 }) * 1000,
    boostAfterWagered: env.BOOST_AFTER_WAGERED === '0' ? 0n : reaisEnv(env, 'BOOST_AFTER_WAGERED', '100'),
    bonusMaxStake: reaisEnv(env, 'BONUS_MAX_STAKE', '50'),
    depositTurnover: numberEnv(env, 'DEPOSIT_TURNOVER', 1, true, { max: 100 }),
    giftCap: reaisEnv(env, 'DEPOSIT_GIFT_CAP', '20000'),
    vipAwardWagerX: numberEnv(env, 'VIP_AWARD_WAGER_X', 15, true, { max: 1000 }),
    referral: { ratesBp: referralRatesEnv(env), wagerX: numberEnv(env, 'REFERRAL_WAGER_X', 1, true, { max: 1000 }) },
    signin: { rewards: signinRewardsEnv(env), wagerX: numberEnv(env, 'SIGNIN_WAGER_X', 30, true, { max: 1000 }) },
    offerTtlMs: numberEnv(env, 'PROMO_OFFER_TTL_MINUTES', 60, true, { min: 1, max: 10_080 }) * 60_000,
    wagerContribution: parseContribution(env.WAGER_CONTRIBUTION || DEFAULT_CONTRIBUTION),
    transferMaxPerDay: reaisEnv(env, 'TRANSFER_MAX_PER_DAY', '5000'),
    transferCountPerDay: numberEnv(env, 'TRANSFER_COUNT_PER_DAY', 20, true, { max: 1_000_000 }),
    passwordChangeHoldMs: numberEnv(env, 'PASSWORD_CHANGE_HOLD_HOURS', 24, true, { max: 720 }) * 3_600_000,
    withdrawCnpj: switchEnv(env, 'WITHDRAW_CNPJ', false),
    withdrawReviewOver: (env.WITHDRAW_REVIEW_OVER ?? '').trim() === '0' ? 0n : reaisEnv(env, 'WITHDRAW_REVIEW_OVER', '5000'),
    withdrawReview: switchEnv(env, 'WITHDRAW_REVIEW', !demo),
  }
  if (wallet.withdrawMin > wallet.withdrawMax) problem('WITHDRAW_MIN must not exceed WITHDRAW_MAX', null)
  return wallet
}

/**
 * Each game counts toward a gift by at most ten times its best counting bet's house edge (10x is
 * the smallest gift multiple, the compensation and boost packages'), so no gift pays a player who
 * clears it at the best odds (wallet/promoEv.ts; a server test holds it): the originals' 1 % (limbo's
 * top target returns 99.02 %: 9), Double's 6.7 %, Lucky Color's big/small 2 %, the sportsbook's best
 * price 3.3 % at SPORT_MARGIN 0.05, the demo slots' 3.86 %.
 */
const DEFAULT_CONTRIBUTION = 'dice=10,limbo=9,mines=10,double=65,rowDouble=65,luckyColor=20,sport=30,slots=35'

/** "dice=10,limbo=10" -> { dice: 10, limbo: 10 }: percent of a stake counted toward a gift, 0 to 100. */
function parseContribution(text: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [, game, percent] = /^([a-zA-Z][\w-]*)=(\d{1,3})$/.exec(part) ?? []
    if (game === undefined || Number(percent) > 100) return problem(`WAGER_CONTRIBUTION must read like ${DEFAULT_CONTRIBUTION} (percent 0 to 100), not "${text}"`, parseContribution(DEFAULT_CONTRIBUTION))
    out[game] = Number(percent)
  }
  return out
}
