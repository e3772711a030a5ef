/**
 * `npm run ops -- create-admin <email>`: makes an admin of the operators' console (/ops) on the
 * running server and prints their one-time enrolment link (good for OPS_ENROL_HOURS, 24 h): there
 * they set a password and enrol a TOTP authenticator. No default password exists anywhere. The
 * server and token are found as for `npm run notice` (scripts/opsCall.ts); set OPS_PUBLIC_URL to
 * the console's public address to print a link to it (default: the server's).
 */
import { opsCall } from './opsCall'

const [command, email] = process.argv.slice(2)
if (command !== 'create-admin' || !email) {
  console.error('usage: npm run ops -- create-admin <email>')
  process.exit(2)
}
const made = await opsCall<{ operatorId: string; enrolPath: string }>('/api/ops/operators/bootstrap', { email })
const base = process.env.OPS_PUBLIC_URL || process.env.OPS_URL || `http://localhost:${process.env.PORT || 3000}`
console.log(`admin ${email} created (operator ${made.operatorId}); their one-time enrolment link:\n${base.replace(/\/$/, '')}${made.enrolPath}`)
