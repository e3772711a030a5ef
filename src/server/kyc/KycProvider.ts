/**
 * Who confirms a player's identity against the government's records before the account is
 * verified (KYC_PROVIDER): Serpro's Datavalid, or its emulator on this server in demo mode.
 */
export interface KycProvider {
  /**
   * Whether the CPF exists, is regular at the Receita Federal, and belongs to this name (and birth
   * date, and face, when given). Never throws: a provider that cannot answer answers 'unavailable'.
   */
  check(input: KycCheckInput): Promise<KycCheckResult>
  /** Closes its connections (before the server stops listening: the emulator lives on it). */
  close(): Promise<void>
}

export interface KycCheckInput {
  /** Eleven digits, check digits already valid. */
  cpf: string
  /** The full name as the player typed it (spaces collapsed). */
  name: string
  /** YYYY-MM-DD; unset: not checked. */
  birthDate?: string
  /** A photo of the face (JPG or PNG, base64); unset: no face check. */
  selfie?: { base64: string; format: 'JPG' | 'PNG' }
}

/** Why an identity was refused: the player can act on each (the message says how). */
type KycRefusal =
  /** No such CPF in the government's base. */
  | 'cpf_not_found'
  /** The CPF is not regular (suspended, cancelled, null, its holder deceased, pending). */
  | 'cpf_irregular'
  | 'name_mismatch'
  | 'birth_date_mismatch'
  | 'face_mismatch'
  /** The base says the holder is a minor (Datavalid refuses to validate a minor's data). */
  | 'underage'

/** A CPF's situation other than regular, when the provider says which (Datavalid does not: it only confirms or denies the one asked). */
type CpfSituation = 'suspended' | 'deceased' | 'pending' | 'cancelled' | 'null'

export type KycCheckResult =
  | { ok: true }
  | { ok: false; reason: Exclude<KycRefusal, 'cpf_irregular'> }
  | { ok: false; reason: 'cpf_irregular'; situation?: CpfSituation }
  /** The provider could not be asked or did not answer sensibly: nothing is decided, the player tries again later. */
  | { ok: false; reason: 'unavailable' }
