// The regulatory profile (JURISDICTION): unset, the product spec's behaviour; BR, what a licensed
// Brazilian operator must do (Lei 14.790/2023, Portarias SPA/MF 1.231/2024 and 2.579/2025).
import { problem } from './env'

export const JURISDICTIONS = ['BR'] as const
export type Jurisdiction = (typeof JURISDICTIONS)[number]

export interface JurisdictionConfig {
  /** JURISDICTION: 'BR', or null (the spec's behaviour). */
  code: Jurisdiction | null
  /**
   * GOV_SELF_EXCLUSION_URL: the government's centralised self-exclusion platform, linked on the
   * responsible-gaming page and the footer in the BR profile. The default is the Secretaria de
   * Prêmios e Apostas' page at gov.br; set the platform's own address when it is published.
   */
  selfExclusionUrl: string
  /** TERMS_VERSION: the version of the terms and the responsible-gaming policy players accept (BR: again at the next login when it changes). */
  termsVersion: string
}

const DEFAULT_SELF_EXCLUSION_URL = 'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas'

export function loadJurisdictionConfig(env: NodeJS.ProcessEnv): JurisdictionConfig {
  const raw = (env.JURISDICTION ?? '').trim().toUpperCase()
  const code = raw === '' ? null : (JURISDICTIONS as readonly string[]).includes(raw) ? (raw as Jurisdiction) : problem(`JURISDICTION must be BR or unset, not "${env.JURISDICTION}"`, null)
  const url = (env.GOV_SELF_EXCLUSION_URL ?? '').trim() || DEFAULT_SELF_EXCLUSION_URL
  if (!url.startsWith('https://')) problem(`GOV_SELF_EXCLUSION_URL must be an https:// address, not "${url}"`, null)
  const terms = (env.TERMS_VERSION ?? '').trim() || '2026-11-01'
  if (!/^[\w.-]{1,32}$/.test(terms)) problem(`TERMS_VERSION must be letters, digits, dots or dashes (at most 32), not "${terms}"`, null)
  return { code, selfExclusionUrl: url, termsVersion: terms }
}
