/**
 * The spec's code tables (section 4), plus the codes it lacks, marked as ours. Tables tagged
 * @public are the spec's, kept whole for the features that will read them (sportsbook, loyalty)
 * although nothing reads them yet.
 */

/** @public */
export const ORDER_STATUS = { PENDING: '00', CANCELLED: '01', PAID: '10' } as const
/** @public */
export const ORDER_STATUS_PAYING = ['99', '-99'] as const

export const ORDER_TYPE = { TOP_UP: 10, WITHDRAWAL: 11, RECHARGE: 13, PRIZE: 19, BK: 199 } as const

/**
 * Ours, not the spec's: order types of the wallet records that the spec's table lacks (43: a
 * stake refunded, a voided shared round's; 44: a win taken back by a corrected sports result).
 * Numbered away from the spec's codes so a future spec code cannot collide.
 */
export const ORDER_TYPE_OURS = { TRANSFER_OUT: 31, TRANSFER_IN: 32, CASINO_BET: 41, CASINO_WIN: 42, CASINO_REFUND: 43, BET_CORRECTION: 44 } as const

/** Every order type a wallet record may carry (the records page's filter). */
export const RECORD_TYPES = [
  ORDER_TYPE.TOP_UP, ORDER_TYPE.WITHDRAWAL, ORDER_TYPE.PRIZE,
  ORDER_TYPE_OURS.TRANSFER_OUT, ORDER_TYPE_OURS.TRANSFER_IN, ORDER_TYPE_OURS.CASINO_BET, ORDER_TYPE_OURS.CASINO_WIN, ORDER_TYPE_OURS.CASINO_REFUND, ORDER_TYPE_OURS.BET_CORRECTION,
] as const

/** @public */
export const AWARD_TYPE = { VIP_UPGRADE: 14, PROMOTION: 141 } as const

export const BET_RESULT = {
  TO_BE_DRAWN: 0, WIN: 10, LOSE_HALF: 11, LOSE: 20, WIN_HALF: 21, LOST_BET: 4, LOST_BET_ALT: -11,
  BETTING: -10, LOTTERY_EXCEPTION: -1, PRINCIPAL_REFUND: 90, BET_SUCCEEDED: 1000,
} as const

/** @public */
export const BET_ORDER_STATUS = {
  PENDING: 0, DRAWN: 9999, NOT_DRAWN: 8888, DRAW_EXCEPTION: -1, BET_PLACED: -10, BET_LOST: -11, BET_LOST_ALT: 4,
} as const

/** @public */
export const MATCH_TIME = {
  NOT_OPEN: 0, FIRST_HALF: 1, MIDFIELD: 2, SECOND_HALF: 3, OVERTIME: 4, PENALTY: 5, FINISHED: -1,
  CANCELLED: -10, TO_BE_DETERMINED: -11, CUT_IN_HALF: -12, INTERRUPTED: -13, POSTPONED: -14,
} as const

/** @public */
export const SUB_PERIOD = { FULL_GAME: 1, FIRST_HALF: 2, CORNER_KICK: 4, Q1: 1001, Q2: 1002, Q3: 1003, Q4: 1004 } as const

/** @public */
export const WALLET_RECORD_STATUS = { PENDING: '00', CANCELLED: '01', CREDITED: '10' } as const

/** The fixed `devices` header value of the web client. */
export const DEVICES_WEB = 'BWEBAPP'

/** Avatars are numbered 0..35. */
export const AVATAR_COUNT = 36

/** Casino games of our own (productCode SELF); their gameType is also their route name. */
export const SELF_GAME_TYPES = ['mines', 'dice', 'limbo', 'luckyColor', 'rowDouble', 'double'] as const
export type SelfGameType = (typeof SELF_GAME_TYPES)[number]

/** Slot providers shown in the side menu. */
export const PROVIDERS = ['PG', 'EVO', 'BG'] as const
