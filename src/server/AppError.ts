import { ERROR_CODES, type ErrorName } from '../shared/contract/errors'

/**
 * A failure the caller can understand: it becomes the envelope { status, msg, data }
 * with the code's HTTP status and its message in the caller's language.
 */
export class AppError extends Error {
  readonly code: (typeof ERROR_CODES)[ErrorName]
  constructor(
    readonly errorName: ErrorName,
    /** The message's placeholders; a bigint is an amount in centavos, shown as money in the caller's language. */
    readonly params: Record<string, unknown> = {},
    /** Overrides the code's own message key (under `server.`), e.g. a validation detail. */
    readonly messageKey?: string,
  ) {
    super(errorName)
    this.code = ERROR_CODES[errorName]
  }
}
