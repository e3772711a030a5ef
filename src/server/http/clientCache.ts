import path from 'node:path'

/** A year: what a content-hashed file may be cached for (its name changes with its content). */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Vite writes every bundled file as assets/<name>-<hash>.<ext>: those never change under their
 * name. Everything else (index.html, the public folder's avatars, flags and sounds) keeps its name
 * across releases, so the browser revalidates it (ETag) each time.
 */
export function clientCacheControl(root: string, file: string): string {
  const rel = path.relative(root, file).split(path.sep)
  const name = rel[rel.length - 1] ?? ''
  const hashed = rel.length === 2 && rel[0] === 'assets' && /-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(name)
  return hashed ? IMMUTABLE : 'no-cache'
}
