/**
 * Every `status` code the server puts in the envelope, with the HTTP status it travels with
 * and the i18n key of its message (under `server.errors` in `locales/<locale>.json`).
 * The client acts on the body's `status`, whatever the HTTP code.
 * 40101, 9999 and 1403 are the spec's; the rest are ours.
 */
export const ERROR_CODES = {
  /** Not logged in, or the session ended: the client logs out. */
  LOGGED_OUT: { status: 40101, http: 401, key: 'loggedOut' },
  /** Not enough balance: the client alerts, then opens the deposit overlay. */
  INSUFFICIENT_BALANCE: { status: 9999, http: 402, key: 'insufficientBalance' },
  /** The client goes to the error page. */
  FORBIDDEN: { status: 1403, http: 403, key: 'forbidden' },

  VALIDATION: { status: 400, http: 400, key: 'validation' },
  BAD_JSON: { status: 1400, http: 400, key: 'badJson' },
  NOT_FOUND: { status: 1404, http: 404, key: 'notFound' },
  METHOD_NOT_ALLOWED: { status: 1405, http: 405, key: 'notFound' },
  PAYLOAD_TOO_LARGE: { status: 1413, http: 413, key: 'payloadTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { status: 1415, http: 415, key: 'unsupportedMediaType' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 1428, http: 428, key: 'idempotencyKeyRequired' },
  IDEMPOTENCY_KEY_REUSED: { status: 1422, http: 422, key: 'idempotencyKeyReused' },
  RATE_LIMITED: { status: 1429, http: 429, key: 'rateLimited' },

  CAPTCHA_INVALID: { status: 2001, http: 400, key: 'captchaInvalid' },
  BAD_CREDENTIALS: { status: 2002, http: 400, key: 'badCredentials' },
  EMAIL_TAKEN: { status: 2003, http: 409, key: 'emailTaken' },
  PASSWORD_MISMATCH: { status: 2004, http: 400, key: 'passwordMismatch' },
  REGCODE_UNKNOWN: { status: 2005, http: 400, key: 'regcodeUnknown' },
  RESET_CODE_INVALID: { status: 2006, http: 400, key: 'resetCodeInvalid' },
  RESET_CHECK_EXPIRED: { status: 2007, http: 400, key: 'resetCheckExpired' },
  RESEND_TOO_SOON: { status: 2008, http: 429, key: 'resendTooSoon' },
  OLD_PASSWORD_WRONG: { status: 2010, http: 400, key: 'oldPasswordWrong' },
  /** A new password among the most common ones or too easy to guess (judged on the server only). */
  PASSWORD_TOO_WEAK: { status: 2011, http: 400, key: 'passwordTooWeak' },
  /** The account was suspended by an operator: no login until it is lifted. */
  ACCOUNT_SUSPENDED: { status: 2012, http: 403, key: 'accountSuspended' },
  /** Play money never meets real money: test accounts cannot deposit, withdraw or transfer. */
  TEST_ACCOUNT_REFUSED: { status: 2009, http: 403, key: 'testAccountRefused' },

  /** Wallet (ours). Deposits: */
  PACKAGE_NOT_FOUND: { status: 3001, http: 404, key: 'packageNotFound' },
  /** The spec's 'You already have a payment order, please complete or cancel the previous order'. */
  ORDER_OPEN: { status: 3002, http: 409, key: 'orderOpen' },
  ORDER_NOT_FOUND: { status: 3003, http: 404, key: 'orderNotFound' },
  ORDER_NOT_CANCELLABLE: { status: 3004, http: 409, key: 'orderNotCancellable' },
  /** A payment provider's webhook: bad signature, or an event that cannot apply. */
  WEBHOOK_SIGNATURE_INVALID: { status: 3010, http: 401, key: 'webhookSignatureInvalid' },
  WEBHOOK_REJECTED: { status: 3011, http: 422, key: 'webhookRejected' },
  /** Withdrawals: the spec's six checks (section 5), in their order, then ours. */
  WITHDRAW_LOCKED: { status: 3101, http: 409, key: 'withdrawLocked' },
  WITHDRAW_COUNT_EXHAUSTED: { status: 3102, http: 400, key: 'withdrawCountExhausted' },
  NOTHING_TO_WITHDRAW: { status: 3103, http: 400, key: 'nothingToWithdraw' },
  WITHDRAW_BELOW_MIN: { status: 3104, http: 400, key: 'withdrawBelowMin' },
  WITHDRAW_ABOVE_MAX: { status: 3105, http: 400, key: 'withdrawAboveMax' },
  WITHDRAW_INFO_MISSING: { status: 3106, http: 400, key: 'withdrawInfoMissing' },
  WITHDRAW_TYPE_UNAVAILABLE: { status: 3107, http: 400, key: 'withdrawTypeUnavailable' },
  CPF_INVALID: { status: 3108, http: 400, key: 'cpfInvalid' },
  CNPJ_INVALID: { status: 3109, http: 400, key: 'cnpjInvalid' },
  USDT_ADDRESS_INVALID: { status: 3110, http: 400, key: 'usdtAddressInvalid' },
  /** A CPF withdrawal goes only to the account's own verified CPF. */
  WITHDRAW_CPF_NOT_OWN: { status: 3111, http: 400, key: 'withdrawCpfNotOwn' },
  /** A CNPJ withdrawal names the account's holder. */
  WITHDRAW_HOLDER_MISSING: { status: 3112, http: 400, key: 'withdrawHolderMissing' },
  /** A Pix deposit returned to its payer (MED) left a debt the cash could not cover: withdrawals and transfers wait until a deposit settles it. */
  PIX_DEBT_OPEN: { status: 3113, http: 409, key: 'pixDebtOpen' },
  /** Transfers: */
  TRANSFER_TO_SELF: { status: 3201, http: 400, key: 'transferToSelf' },
  TRANSFER_USER_UNKNOWN: { status: 3202, http: 404, key: 'transferUserUnknown' },
  /** A sender's day (São Paulo) is capped in total and in count (TRANSFER_MAX_PER_DAY, TRANSFER_COUNT_PER_DAY). */
  TRANSFER_DAILY_AMOUNT: { status: 3203, http: 400, key: 'transferDailyAmount' },
  TRANSFER_DAILY_COUNT: { status: 3204, http: 400, key: 'transferDailyCount' },
  /** KYC: */
  KYC_INCOMPLETE: { status: 3301, http: 400, key: 'kycIncomplete' },
  KYC_CPF_TAKEN: { status: 3302, http: 409, key: 'kycCpfTaken' },
  KYC_ALREADY_VERIFIED: { status: 3303, http: 409, key: 'kycAlreadyVerified' },
  /** Deposits, withdrawals and transfers need a verified identity (kyc 1): the client opens the KYC form. */
  KYC_REQUIRED: { status: 3304, http: 403, key: 'kycRequired' },
  /** Withdrawals and transfers wait 24 h after a password reset or change; the message says how long is left. */
  PASSWORD_CHANGE_HOLD: { status: 3305, http: 403, key: 'passwordChangeHold' },
  /** The identity check (KYC_PROVIDER, Serpro's Datavalid) refused it: nothing is stored, the form may be sent again. */
  KYC_CPF_IRREGULAR: { status: 3310, http: 400, key: 'kycCpfIrregular' },
  KYC_NAME_MISMATCH: { status: 3311, http: 400, key: 'kycNameMismatch' },
  KYC_BIRTH_DATE_MISMATCH: { status: 3312, http: 400, key: 'kycBirthDateMismatch' },
  /** The identity check could not be made (provider down or slow): nothing is stored, try again in a few minutes. */
  KYC_CHECK_UNAVAILABLE: { status: 3313, http: 503, key: 'kycCheckUnavailable' },
  KYC_CPF_NOT_FOUND: { status: 3314, http: 400, key: 'kycCpfNotFound' },
  KYC_FACE_MISMATCH: { status: 3315, http: 400, key: 'kycFaceMismatch' },
  /** The government's base says the CPF's holder is under 18. */
  KYC_UNDERAGE: { status: 3316, http: 403, key: 'kycUnderage' },
  /** Records: */
  RECORD_NOT_FOUND: { status: 3401, http: 404, key: 'recordNotFound' },
  /** Promotions: a promotional package (INSBRL, EXPPAY) without an open offer: the spec's alert then deposit. */
  PROMO_OFFER_REQUIRED: { status: 9999, http: 402, key: 'promoOfferRequired' },
  /** Deposited cash not yet staked as many times as its turnover asks cannot be transferred. */
  TURNOVER_PENDING: { status: 3501, http: 400, key: 'turnoverPending' },

  /** Casino originals: */
  STAKE_OUT_OF_RANGE: { status: 4001, http: 400, key: 'stakeOutOfRange' },
  PAYOUT_TOO_HIGH: { status: 4002, http: 400, key: 'payoutTooHigh' },
  TARGET_OUT_OF_RANGE: { status: 4003, http: 400, key: 'targetOutOfRange' },
  GAME_IN_PROGRESS: { status: 4004, http: 409, key: 'gameInProgress' },
  NO_ACTIVE_GAME: { status: 4005, http: 409, key: 'noActiveGame' },
  TILE_REVEALED: { status: 4006, http: 400, key: 'tileRevealed' },
  CASHOUT_NEEDS_GEM: { status: 4007, http: 400, key: 'cashoutNeedsGem' },
  /** A stake above BONUS_MAX_STAKE while a gift is being wagered. */
  BONUS_MAX_STAKE: { status: 4008, http: 400, key: 'bonusMaxStake' },
  /** Player protection (issue 31): a stake or deposit past a limit the player set; the message names it and what is left. */
  LIMIT_LOSS: { status: 6001, http: 403, key: 'limitLoss.day' },
  LIMIT_STAKE: { status: 6002, http: 403, key: 'limitStake.day' },
  LIMIT_DEPOSIT: { status: 6003, http: 403, key: 'limitDeposit.day' },
  /** The day's time played has reached the player's time limit: no bet until the next São Paulo day. */
  LIMIT_TIME: { status: 6008, http: 403, key: 'limitTime' },
  /** A pause or self-exclusion in force: no bet, deposit, transfer or reward until it ends (withdrawals and records stay open). */
  RG_PAUSED: { status: 6004, http: 403, key: 'rgPaused' },
  RG_EXCLUDED: { status: 6005, http: 403, key: 'rgExcluded.until' },
  /** A pause or exclusion asked that would end before the one in force: it can only be made longer. */
  RG_BLOCK_SHORTER: { status: 6006, http: 409, key: 'rgBlockShorter' },
  /** A self-exclusion is asked with the account's password. */
  RG_PASSWORD_WRONG: { status: 6007, http: 400, key: 'rgPasswordWrong' },
  /** A time limit that is not a whole number of minutes from 1 to 1440. */
  RG_TIME_LIMIT_RANGE: { status: 6011, http: 400, key: 'rgTimeLimitRange' },
  /** A reality check answered when none is due. */
  RG_NO_REALITY_CHECK: { status: 6012, http: 409, key: 'rgNoRealityCheck' },
  /** The BR profile: a deposit before the monthly loss limit and the daily time limit are set (Portaria SPA/MF 2.579/2025). */
  RG_LIMITS_REQUIRED: { status: 6013, http: 403, key: 'rgLimitsRequired' },
  /** The BR profile: deposit-linked bonuses (a package's gift, promotional packages) are not offered. */
  BR_BONUS_NOT_OFFERED: { status: 6014, http: 403, key: 'brBonusNotOffered' },
  /** The BR profile: no transfers between players. */
  BR_TRANSFER_NOT_OFFERED: { status: 6015, http: 403, key: 'brTransferNotOffered' },
  /** The BR profile: the current terms and responsible-gaming policy are not accepted yet. */
  TERMS_NOT_ACCEPTED: { status: 6016, http: 403, key: 'termsNotAccepted' },
  /** The BR profile: KYC needs the birth date, mobile phone, gender and full address, each valid. */
  KYC_BR_FIELDS: { status: 6017, http: 400, key: 'kycBrFields' },
  /** A terms version accepted that is not the current one. */
  TERMS_VERSION_STALE: { status: 6018, http: 409, key: 'termsVersionStale' },
  /** A limit asked for a period its kind has not (stakes: per day only). */
  RG_LIMIT_PERIOD: { status: 6010, http: 400, key: 'rgLimitPeriod' },
  /** Shared rounds: a bet on a round that is not the one open for bets (closed, unknown), or on a choice the game has not. */
  ROUND_NOT_OPEN: { status: 4101, http: 409, key: 'roundNotOpen' },
  /** Shared rounds: above the largest bet (ROUND_MAX_STAKE). */
  ROUND_MAX_BET: { status: 4102, http: 400, key: 'roundMaxBet' },
  /** Shared rounds: the player has made ROUND_MAX_BETS_PER_PLAYER bets on this round already. */
  ROUND_BET_LIMIT: { status: 4103, http: 409, key: 'roundBetLimit' },
  /** Shared rounds: the bet would lift the round's largest total payout (over every result) above ROUND_MAX_PAYOUT. */
  ROUND_PAYOUT_LIMIT: { status: 4104, http: 409, key: 'roundPayoutLimit' },
  /** Shared rounds: a seed (or a public value) toward a chain's salt that is fixed already or not taking one. */
  ROUND_SALT_FIXED: { status: 4105, http: 409, key: 'roundSaltFixed' },
  /** Sportsbook: an unknown selection, or its market closed ('option not open for betting'). */
  SPORT_NOT_OPEN: { status: 4201, http: 409, key: 'sportNotOpen' },
  /** Sportsbook: the market is suspended for a moment ('current gameplay not available for purchase'). */
  SPORT_SUSPENDED: { status: 4202, http: 409, key: 'sportSuspended' },
  /** Sportsbook: the odds moved against the bet's odds preference. */
  SPORT_ODDS_CHANGED: { status: 4203, http: 409, key: 'sportOddsChanged' },
  /** Sportsbook: above the largest bet per selection (SPORT_MAX_STAKE). */
  SPORT_MAX_BET: { status: 4204, http: 400, key: 'sportMaxBet' },
  /** Sportsbook: a parlay of more legs than SPORT_MAX_LEGS ('the parlay has reached the limit'). */
  SPORT_PARLAY_LIMIT: { status: 4205, http: 400, key: 'sportParlayLimit' },
  /** Sportsbook: a parlay with two legs of one match, or a single without exactly one. */
  SPORT_BAD_SLIP: { status: 4206, http: 400, key: 'sportBadSlip' },
  /** Sportsbook: closed, no feed configured (SPORT_FEED=none). */
  SPORT_CLOSED: { status: 4207, http: 409, key: 'sportClosed' },
  /** Sportsbook: the bet could pay more than SPORT_MAX_PAYOUT. */
  SPORT_MAX_PAYOUT: { status: 4208, http: 400, key: 'sportMaxPayout' },
  /** Sportsbook: the player's open bets on one of the slip's matches could pay more than SPORT_MAX_MATCH_PAYOUT with this one. */
  SPORT_MATCH_LIMIT: { status: 4209, http: 400, key: 'sportMatchLimit' },
  /** Daily sign-in: today's reward was claimed already. */
  SIGNIN_DONE: { status: 4301, http: 409, key: 'signinDone' },
  /** Provider games: no such provider or game. */
  GAME_NOT_FOUND: { status: 4401, http: 404, key: 'gameNotFound' },
  /** Provider games: the game is not open yet ('Em Breve...'). */
  GAME_STOPPED: { status: 4402, http: 409, key: 'gameStopped' },

  /** Operators' console: no session, or it ended (idle, logged out, revoked): the console shows its login. */
  OPS_LOGGED_OUT: { status: 6401, http: 401, key: 'opsLoggedOut' },
  /** Operators' console: the operator's role does not allow the call. */
  OPS_ROLE: { status: 6403, http: 403, key: 'opsRole' },
  /** Operators' console: wrong e-mail or password, or an operator suspended or not enrolled (one answer for all). */
  OPS_BAD_CREDENTIALS: { status: 6001, http: 400, key: 'opsBadCredentials' },
  /** Operators' console: a wrong, used or expired second-factor or recovery code. */
  OPS_CODE_WRONG: { status: 6002, http: 400, key: 'opsCodeWrong' },
  /** Operators' console: an enrolment link unknown, used or expired. */
  OPS_ENROL_INVALID: { status: 6003, http: 400, key: 'opsEnrolInvalid' },
  /** Operators' console: an operator with this e-mail exists. */
  OPS_EMAIL_TAKEN: { status: 6004, http: 409, key: 'opsEmailTaken' },
  /** Operators' console: an admin cannot suspend or demote themselves (someone must be left to manage operators). */
  OPS_SELF: { status: 6005, http: 400, key: 'opsSelf' },
  /** Operators' console: another operator decided this (a withdrawal, a payment) first. */
  OPS_ALREADY_DECIDED: { status: 6006, http: 409, key: 'opsAlreadyDecided' },
  /** Operators' console: the player's cash does not cover a return of their deposit (they staked it); nothing moved. Params: amount, the cash. */
  OPS_RETURN_NO_CASH: { status: 6009, http: 409, key: 'opsReturnNoCash' },
  /** Operators' console: a return above what is left of the payment (what it brought less its returns). Params: amount, what is left. (6007 and 6008 are the limits'.) */
  OPS_RETURN_OVER: { status: 6019, http: 400, key: 'opsReturnOver' },
  /** Operators' console: closed, no OPS_SECRET_KEY in production. */
  OPS_CLOSED: { status: 6503, http: 503, key: 'opsClosed' },

  INTERNAL: { status: 5000, http: 500, key: 'internal' },
  UNAVAILABLE: { status: 5003, http: 503, key: 'unavailable' },
} as const

export type ErrorName = keyof typeof ERROR_CODES

export const STATUS_OK = 200
