/** Operators' calls (not the app's): authenticated by the ops token in `X-Ops-Token`, not a session. */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { loading, text } from './fields'

/** Posts a notice: saved, sent on the socket to everyone online, shown as the banner (and to sockets that connect in the next 24 h). */
export const opsNotice = defineCall({
  method: 'POST',
  path: '/api/ops/notice',
  auth: false,
  body: z.strictObject({ text: text(500, 1), loading }),
  reply: z.object({ id: z.string(), time: z.number() }),
})
