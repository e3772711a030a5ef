/**
 * `npm run notice -- "texto"`: posts an operators' notice to the running server (saved, sent on the
 * socket to everyone online, shown as the banner). The server is NOTICE_URL or
 * http://127.0.0.1:$PORT (3000); the token is OPS_TOKEN or the one the server keeps in
 * $DATA_DIR/ops-token (./data).
 */
import fs from 'node:fs'
import path from 'node:path'

// --marketing: an offer or a promotion, which no player paused or self-excluded receives.
const args = process.argv.slice(2)
const marketing = args.includes('--marketing')
const text = args.filter((a) => a !== '--marketing').join(' ').trim()
if (!text) {
  console.error('usage: npm run notice -- [--marketing] "texto do aviso"')
  process.exit(2)
}
const base = process.env.NOTICE_URL || `http://127.0.0.1:${process.env.PORT || 3000}`
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
const res = await fetch(`${base}/api/ops/notice`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ops-token': token }, body: JSON.stringify({ text, ...(marketing ? { marketing: true } : {}) }) })
const body = (await res.json().catch(() => null)) as { status?: number; msg?: string; data?: { id: string } } | null
if (!res.ok || body?.status !== 200) {
  console.error(`the server refused the notice (HTTP ${res.status}): ${body?.msg ?? 'no reply'}`)
  process.exit(1)
}
console.log(`notice ${body.data?.id} sent`)
