import { MAX_MULTIPLIER } from './slotMath'

/**
 * The demo provider's games per provider code (it serves PG, EVO and BG with different sets). The
 * names are the games' own product names; every game plays the one machine of slotMath.ts in its
 * theme. A game flagged `stop` is listed as not open yet.
 */
export interface DemoGame {
  code: string
  name: string
  stop: boolean
  /** The most one round pays, in stakes (slotMath's MAX_MULTIPLIER). */
  maxMultiplier: number
}

export const DEMO_GAMES: Readonly<Record<string, readonly DemoGame[]>> = {
  PG: [
    { code: 'demo-fruits', name: 'Frutas de Ouro', stop: false, maxMultiplier: MAX_MULTIPLIER },
    { code: 'demo-jungle', name: 'Selva Dourada', stop: false, maxMultiplier: MAX_MULTIPLIER },
    { code: 'demo-carnival', name: 'Noite de Carnaval', stop: true, maxMultiplier: MAX_MULTIPLIER },
  ],
  EVO: [
    { code: 'demo-ocean', name: 'Tesouro do Mar', stop: false, maxMultiplier: MAX_MULTIPLIER },
    { code: 'demo-gems', name: 'Gemas Brilhantes', stop: false, maxMultiplier: MAX_MULTIPLIER },
  ],
  BG: [
    { code: 'demo-carnival', name: 'Noite de Carnaval', stop: false, maxMultiplier: MAX_MULTIPLIER },
    { code: 'demo-fruits', name: 'Frutas Clássicas', stop: false, maxMultiplier: MAX_MULTIPLIER },
  ],
}

/** The open games of a code (what a spin may name). */
export const openDemoGames = (code: string): string[] => (DEMO_GAMES[code] ?? []).filter((g) => !g.stop).map((g) => g.code)

/** The stakes a spin may have, centavos (R$ 0,20 to R$ 20,00). */
export const DEMO_BETS = [20, 50, 100, 200, 500, 1000, 2000] as const
