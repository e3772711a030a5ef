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
  freeBalance: z.object(wireBalance),
  /** Ours: how many players are connected (the lobby shows the spec's 101 x raw + 2 digits). */
  'online:count': z.object({ count: z.number() }),
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

export type ClientToServerEvents = {
  offGame: (payload: z.input<typeof offGameSchema>) => void
}
