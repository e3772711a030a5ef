/**
 * The realtime socket: path, and the payload of every event in both directions.
 * The spec's names where it gives them; new events are named `domain:verb`.
 */
import { z } from 'zod/mini'
import { reais, wireBalance } from './fields'
import { userInfoSchema } from './user'

export const SOCKET_PATH = '/gamecenter-siop'

export const serverEventSchemas = {
  /** A notice banner for everyone or one user. */
  notice: z.object({ id: z.string(), text: z.string(), time: z.number() }),
  /** Fields to merge into the user info (balance, discount ...); a balance always comes with its version. */
  updateUserInfo: z.partial(userInfoSchema).check(
    z.refine((fields) => fields.balance === undefined || fields.balanceVersion !== undefined, { message: 'balanceVersion' }),
  ),
  insBalance: z.object(wireBalance),
  /** czflag 0: the user's first deposit (fires the purchase tracking event). */
  paySuccess: z.object({ czflag: z.number(), orderId: z.optional(z.string()), amount: z.optional(reais) }),
  userBetAmount: z.object({ bouns: z.number(), amount: reais }),
  /** Ours (the BR profile): a deposit paid from another person's account was not credited; it goes back to its payer. */
  payRefused: z.object({ orderId: z.string(), reason: z.literal('payer_not_owner') }),
  freeBalance: z.object(wireBalance),
  /** Ours: the server made the compensation offer (a bet took a depositor under R$ 10 after a real loss): the app opens the compensation deposit. */
  'offer:compensation': z.object(wireBalance),
  /** Ours: how many players are connected (the lobby shows the spec's 101 x raw + 2 digits). */
  'online:count': z.object({ count: z.number() }),
  /** Shared rounds, to the players in the game's room (game:join): a round opened for bets. */
  'round:started': z.object({ game: z.string(), roundId: z.string(), previousHash: z.string(), bettingEndsAt: z.number(), drawEndsAt: z.number(), nextAt: z.number(), serverTime: z.number() }),
  /** A bet on the round (the player masked) and the round's totals per choice after it. */
  'round:bet': z.object({ game: z.string(), roundId: z.string(), player: z.string(), choice: z.string(), amount: reais, totals: z.array(z.object({ choice: z.string(), amount: reais, bets: z.number() })) }),
  /** The game's new chain waits for players' seeds to make its salt: a player's page sends one (roundSeed). Repeated every few seconds while it waits. */
  'round:seedWanted': z.object({ game: z.string() }),
  /** Betting closed. */
  'round:locked': z.object({ game: z.string(), roundId: z.string() }),
  /** The round's number and its hash (revealed): the draw animates to it. `at`: when it was sent (server ms). */
  'round:result': z.object({ game: z.string(), roundId: z.string(), roll: z.number(), hash: z.string(), at: z.number() }),
  /** To each player with a bet in the round: what it paid, and the balance after. */
  'round:settled': z.object({ game: z.string(), roundId: z.string(), stake: reais, payout: reais, ...wireBalance }),
  /** Sportsbook, to the players watching a match (sport:watch): the markets whose status or odds changed (odds decimal, as the match call's). `at`: server ms. */
  'sport:odds': z.object({
    matchId: z.string(),
    markets: z.array(z.object({ marketId: z.string(), type: z.string(), period: z.number(), line: z.number(), status: z.enum(['open', 'suspended', 'closed']), selections: z.array(z.object({ selectionId: z.string(), name: z.string(), odds: z.number() })) })),
    at: z.number(),
  }),
  /** Its clock and score, when they change. */
  'sport:score': z.object({ matchId: z.string(), matchTime: z.number(), minute: z.number(), score: z.object({ home: z.number(), away: z.number() }), at: z.number() }),
  /** Sportsbook, to the bettor: a bet settled, what it returned, and the balance after. */
  'sport:settled': z.object({ betId: z.string(), payout: reais, ...wireBalance }),
} as const

type ServerEventName = keyof typeof serverEventSchemas
export type ServerToClientEvents = {
  [K in ServerEventName]: (payload: z.output<(typeof serverEventSchemas)[K]>) => void
}

/** offGame: the spec sends the game code; we accept it bare or as { gameCode }. */
export const offGameSchema = z.union([
  z.string().check(z.minLength(1), z.maxLength(64)),
  z.object({ gameCode: z.string().check(z.minLength(1), z.maxLength(64)) }),
])

/** game:join: a signed-in player opened a shared-round game: its round events follow (offGame leaves). */
export const gameJoinSchema = z.object({ game: z.string().check(z.minLength(1), z.maxLength(64)) })
/** Watching a match's live odds and score (sport:watch), and no longer (sport:unwatch). */
export const sportWatchSchema = z.object({ matchId: z.string().check(z.regex(/^\d{1,15}$/)) })

export type ClientToServerEvents = {
  offGame: (payload: z.input<typeof offGameSchema>) => void
  'game:join': (payload: z.input<typeof gameJoinSchema>) => void
  'sport:watch': (payload: z.input<typeof sportWatchSchema>) => void
  'sport:unwatch': (payload: z.input<typeof sportWatchSchema>) => void
}
