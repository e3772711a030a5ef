/**
 * An operators' call to the running server, for the npm scripts (notice, sport:settle): the server
 * is OPS_URL (or NOTICE_URL) or http://127.0.0.1:$PORT (3000); the token OPS_TOKEN or the one the
 * server keeps in $DATA_DIR/ops-token (./data). Exits with a message on a refusal.
 */
import fs from 'node:fs'
import path from 'node:path'

export async function opsCall<T>(urlPath: string, body: unknown): Promise<T> {
  const base = process.env.OPS_URL || process.env.NOTICE_URL || `http://127.0.0.1:${process.env.PORT || 3000}`
  let token = process.env.OPS_TOKEN?.trim() || ''
  if (!token) {
    const file = path.join(path.resolve(process.env.DATA_DIR || './data'), 'ops-token')
    try {
      token = fs.readFileSync(file, 'utf8').trim()
    } catch {
      console.error(`no OPS_TOKEN and no ${file}: start the server once (outside production it keeps a token there), or set OPS_TOKEN`)
      process.exit(2)
    }
  }
  const res = await fetch(`${base}${urlPath}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ops-token': token }, body: JSON.stringify(body) })
  const reply = (await res.json().catch(() => null)) as { status?: number; msg?: string; data?: T } | null
  if (!res.ok || reply?.status !== 200) {
    console.error(`the server refused it (HTTP ${res.status}): ${reply?.msg ?? 'no reply'}`)
    process.exit(1)
  }
  return reply.data as T
}
