/**
 * `npm run notice -- "texto"`: posts an operators' notice to the running server (saved, sent on the
 * socket to everyone online, shown as the banner). The server is NOTICE_URL or
 * http://127.0.0.1:$PORT (3000); the token is OPS_TOKEN or the one the server keeps in
 * $DATA_DIR/ops-token (./data).
 */
import { opsCall } from './opsCall'

// --marketing: an offer or a promotion, which no player paused or self-excluded receives.
const args = process.argv.slice(2)
const marketing = args.includes('--marketing')
const text = args.filter((a) => a !== '--marketing').join(' ').trim()
if (!text) {
  console.error('usage: npm run notice -- [--marketing] "texto do aviso"')
  process.exit(2)
}
const sent = await opsCall<{ id: string }>('/api/ops/notice', { text, ...(marketing ? { marketing: true } : {}) })
console.log(`notice ${sent.id} sent`)
