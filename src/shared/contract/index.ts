/**
 * The wire contract: every HTTP call and socket event. Server and client both import it;
 * nothing else defines a wire shape.
 */
import * as appInfo from './appInfo'
import * as auth from './auth'
import * as casino from './casino'
import * as game from './game'
import * as loyalty from './loyalty'
import * as ops from './ops'
import * as rg from './rg'
import * as order from './order'
import * as rounds from './rounds'
import * as sport from './sport'
import * as user from './user'
import * as wallet from './wallet'

export const calls = {
  restLogin: auth.restLogin,
  restRegister: auth.restRegister,
  captcha: auth.captcha,
  logout: auth.logout,
  sendEmail: auth.sendEmail,
  checkEmail: auth.checkEmail,
  setPwd: auth.setPwd,
  userInfo: user.userInfo,
  getBalance: user.getBalance,
  setHeader: user.setHeader,
  getUserTest: user.getUserTest,
  updatePwd: user.updatePwd,
  updateKyc: user.updateKyc,
  mySessions: user.mySessions,
  logoutAll: user.logoutAll,
  main: game.main,
  gameGroup: game.gameGroup,
  appInfo: appInfo.appInfo,
  todayWins: appInfo.todayWins,
  userGift: game.userGift,
  inPlay: game.inPlay,
  stopGame: game.stopGame,
  launchGame: game.launchGame,
  getPrices: order.getPrices,
  bonusTerms: order.bonusTerms,
  prePay: order.prePay,
  getStatus: order.getStatus,
  cancelPay: order.cancelPay,
  pendingPay: order.pendingPay,
  getWithdraw: order.getWithdraw,
  withdraw: order.withdraw,
  transfer: wallet.transfer,
  records: wallet.records,
  record: wallet.record,
  getSeed: casino.getSeed,
  rotateSeed: casino.rotateSeed,
  diceBet: casino.diceBet,
  limboBet: casino.limboBet,
  minesStart: casino.minesStart,
  minesReveal: casino.minesReveal,
  minesCashout: casino.minesCashout,
  minesActive: casino.minesActive,
  casinoBets: casino.casinoBets,
  casinoBet: casino.casinoBet,
  roundHistory: rounds.roundHistory,
  roundState: rounds.roundState,
  roundBet: rounds.roundBet,
  roundSeed: rounds.roundSeed,
  sportList: sport.sportList,
  sportMatches: sport.sportMatches,
  sportMatch: sport.sportMatch,
  sportBet: sport.sportBet,
  sportBets: sport.sportBets,
  sportDevResult: sport.sportDevResult,
  sportSettleByHand: sport.sportSettleByHand,
  vipInfo: loyalty.vipInfo,
  vipSeen: loyalty.vipSeen,
  referralTeam: loyalty.referralTeam,
  signinStatus: loyalty.signinStatus,
  signinClaim: loyalty.signinClaim,
  myBonus: loyalty.myBonus,
  opsNotice: ops.opsNotice,
  opsRoundSalt: rounds.opsRoundSalt,
  rgLimits: rg.rgLimits,
  rgSetLimit: rg.rgSetLimit,
  rgStatus: rg.rgStatusCall,
  rgPause: rg.rgPause,
  rgExclusion: rg.rgExclusion,
  rgSetRealityCheck: rg.rgSetRealityCheck,
  rgAnswerRealityCheck: rg.rgAnswerRealityCheck,
  rgStatement: rg.rgStatement,
  rgAcceptTerms: rg.rgAcceptTerms,
} as const

export type CallName = keyof typeof calls

export * from './define'
export * from './errors'
export type { WireBalance } from './fields'
export type { UserInfo } from './user'
export type { AppMode, SportFeedKind } from './appInfo'
export type { GameEntry } from './game'
export type { BonusTerms, PricePackage } from './order'
export { userInfoSchema } from './user'
export type { WalletRecord, WalletRecordDetail } from './wallet'
export { walletRecordSchema, walletRecordDetailSchema } from './wallet'
export type { Bet } from './casino'
