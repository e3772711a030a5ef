import type { KycCheckInput, KycCheckResult, KycProvider } from '../KycProvider'
import { DatavalidError, type DatavalidClient } from './DatavalidClient'
import type { PfInput, PfResult } from './wire'

/**
 * The least nome_similaridade taken as the same name when Datavalid's `nome` is false. The docs
 * give the similarity (0 to 1) but neither its algorithm nor a threshold: `nome` true is an exact
 * match, and 0.9 lets through a missing accent or a typo while a different surname stays below it.
 */
const NAME_SIMILARITY_MIN = 0.9

/** The face probabilities accepted: the docs say about 99% of the pairs answered high or very high were the same person. */
const FACE_ACCEPTED = new Set(['Altíssima probabilidade', 'Alta probabilidade'])

/** 422 codes about the face sent or on record (DV040 not found in the bases, DV041-DV045 the image): the face cannot be confirmed. */
const FACE_CODES = /^DV04\d$/

/**
 * KYC through Serpro's Datavalid (v3): one pf-basica call (pf-facial with a selfie) asking whether
 * the name, the situation 'regular' and the birth date (when given) are the government's. The
 * answer says only whether each matches, so an irregular CPF's kind (suspended, deceased ...) is
 * not known here. Nothing personal is logged: only statuses and violation codes.
 */
export class DatavalidKycProvider implements KycProvider {
  constructor(
    private readonly client: DatavalidClient,
    private readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  ) {}

  close(): Promise<void> {
    return this.client.close()
  }

  async check(input: KycCheckInput): Promise<KycCheckResult> {
    const body: PfInput = {
      key: { cpf: input.cpf },
      answer: {
        nome: input.name,
        situacao_cpf: 'regular',
        ...(input.birthDate ? { data_nascimento: input.birthDate } : {}),
        ...(input.selfie ? { biometria_face: { formato: input.selfie.format, base64: input.selfie.base64 } } : {}),
      },
    }
    let result: PfResult
    try {
      result = await this.client.validatePf(body)
    } catch (err) {
      if (err instanceof DatavalidError && err.status === 422) {
        // DV001: the LGPD forbids validating a minor's data (Datavalid's own refusal).
        if (err.codes.includes('DV001')) return { ok: false, reason: 'underage' }
        if (input.selfie && err.codes.some((c) => FACE_CODES.test(c))) return { ok: false, reason: 'face_mismatch' }
      }
      // Our request refused (400, 413, another 422), our credentials (401, 403): our fault, not the player's.
      if (err instanceof DatavalidError && err.status < 500) this.log.error({ err }, 'Datavalid refused the request: identity checks are unavailable until it is fixed')
      else this.log.warn({ err }, 'Datavalid could not be asked: the identity check answers unavailable')
      return { ok: false, reason: 'unavailable' }
    }
    return this.judge(result, input)
  }

  private judge(r: PfResult, input: KycCheckInput): KycCheckResult {
    if (!r.cpf_disponivel) return { ok: false, reason: 'cpf_not_found' }
    // A field sent must come back judged; an answer without it decides nothing.
    const missing = [r.nome === undefined && 'nome', r.situacao_cpf === undefined && 'situacao_cpf', input.birthDate && r.data_nascimento === undefined && 'data_nascimento', input.selfie && !r.biometria_face && 'biometria_face'].filter(Boolean)
    if (missing.length) {
      this.log.warn({ missing }, 'Datavalid answered without a field asked: the identity check answers unavailable')
      return { ok: false, reason: 'unavailable' }
    }
    if (!r.situacao_cpf) return { ok: false, reason: 'cpf_irregular' }
    if (!r.nome && (r.nome_similaridade ?? 0) < NAME_SIMILARITY_MIN) return { ok: false, reason: 'name_mismatch' }
    if (input.birthDate && !r.data_nascimento) return { ok: false, reason: 'birth_date_mismatch' }
    if (input.selfie) {
      const face = r.biometria_face
      if (!face?.disponivel || !face.probabilidade || !FACE_ACCEPTED.has(face.probabilidade)) return { ok: false, reason: 'face_mismatch' }
    }
    return { ok: true }
  }
}
