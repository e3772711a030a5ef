/** Operators' calls (not the app's): authenticated by the ops token in `X-Ops-Token`, not a session. */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { loading, text } from './fields'

/** Posts a notice: saved, sent on the socket to everyone online, shown as the banner (and to sockets that connect in the next 24 h). */
export const opsNotice = defineCall({
  method: 'POST',
  path: '/api/ops/notice',
  auth: false,
  // marketing (ours): an offer or a promotion, which no player paused or self-excluded receives.
  body: z.strictObject({ text: text(500, 1), marketing: z.optional(z.boolean()), loading }),
  reply: z.object({ id: z.string(), time: z.number() }),
})
