import { PASSWORD_MIN_LENGTH } from '../../shared/contract/fields'
import { AppError } from '../AppError'

/** zxcvbn's score (0 to 4) a new password needs: 2 is "somewhat guessable", above the common lists. */
const MIN_PASSWORD_SCORE = 2

type Scorer = (password: string, userInputs: string[]) => number

let scorer: Promise<Scorer> | null = null

/**
 * zxcvbn-ts with its common dictionaries (a few MB, server only: never imported by the client
 * bundle), loaded on the first password that is set and kept. Levenshtein matching is left off:
 * it costs tens of milliseconds per check on the event loop for little gain.
 */
function loadScorer(): Promise<Scorer> {
  scorer ??= (async (): Promise<Scorer> => {
    const [{ ZxcvbnFactory }, { dictionary, adjacencyGraphs }] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ])
    const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
    return (password, userInputs) => zxcvbn.check(password, userInputs).score
  })().catch((err: unknown) => {
    scorer = null
    throw err
  })
  return scorer
}

/**
 * Refuses a new password that is short or among the most common ones (PASSWORD_TOO_WEAK, with
 * our own message in the user's language, never zxcvbn's English hints). `userInputs` (the
 * e-mail, the name) count as known words, so a password built from them scores low.
 */
export async function assertStrongPassword(password: string, userInputs: string[] = []): Promise<void> {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('PASSWORD_TOO_WEAK')
  // Words only: digits from an e-mail are as likely a counter as a birthday, and would make the verdict vary.
  const inputs = userInputs.flatMap((s) => [s, ...s.split(/[@.\s_+-]+/)]).filter((s) => s.length >= 3 && /\p{L}/u.test(s))
  const score = (await loadScorer())(password, inputs)
  if (score < MIN_PASSWORD_SCORE) throw new AppError('PASSWORD_TOO_WEAK')
}
