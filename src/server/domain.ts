import type { FastifyInstance } from 'fastify'
import type { Deps } from './deps'

/**
 * A server domain (auth, wallet, casino, rounds, sport, providers, loyalty, payments ...): it
 * registers its routes on the app and owns its background jobs, started by an `onReady` hook and
 * stopped by `onClose` (or `preClose`, for a job that calls this very server). `buildApp` lists the
 * domains in the order they register.
 */
export type Domain = (app: FastifyInstance, deps: Deps) => void | Promise<void>
