/**
 * `npm run sport:settle -- <matchId> <home>-<away> [--half 1-0] [--corners 5-3] [--quarters 20-18,22-25,19-21,24-20] --reason "texto"`
 * or `npm run sport:settle -- <matchId> --winner "Trovão Azul" --reason "texto"` (a race, by its winning
 * runner's name), or `npm run sport:settle -- <matchId> --void --reason "texto"`: settles a match by hand on the
 * running server (issue 33: what a feed cannot settle, a cancellation or a correction), with the
 * reason, which the server logs. A match settled already is corrected: only the differences move.
 * The server and token as for `npm run notice` (scripts/opsCall.ts).
 */
import { opsCall } from './opsCall'

const USAGE = 'usage: npm run sport:settle -- <matchId> (<home>-<away> [--half h-a] [--corners h-a] [--quarters h-a,h-a,h-a,h-a] | --winner "<runner>" | --void) --reason "texto"'
const args = process.argv.slice(2)
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const score = (text: string | undefined) => {
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(text ?? '')
  return m ? { home: Number(m[1]), away: Number(m[2]) } : null
}
const fail = (why: string): never => {
  console.error(`${why}\n${USAGE}`)
  process.exit(2)
}
const [matchId = '', result] = args
const reason = flag('--reason') ?? fail('the reason is required (--reason "...")')
if (!/^\d{1,15}$/.test(matchId)) fail(`not a match id: "${matchId}"`)
let body: Record<string, unknown>
if (args.includes('--void')) body = { void: true, reason }
else if (args.includes('--winner')) body = { winner: flag('--winner') ?? fail('--winner wants the runner\'s name'), reason }
else {
  const fullTime = score(result) ?? fail(`not a score: "${result ?? ''}"`)
  body = { fullTime, reason }
  for (const [name, key] of [['--half', 'halfTime'], ['--corners', 'corners']] as const) {
    if (flag(name) !== undefined) body[key] = score(flag(name)) ?? fail(`${name} wants a score such as 1-0`)
  }
  const q = flag('--quarters')
  if (q !== undefined) body.quarters = q.split(',').map((x) => score(x) ?? fail('--quarters wants four scores such as 20-18,22-25,19-21,24-20'))
}
const done = await opsCall<{ settled: number; corrected: boolean }>(`/api/ops/sport/matches/${matchId}/settle`, body)
console.log(`match ${matchId}: ${done.corrected ? 'corrected' : 'settled'}, ${done.settled} bet(s) ${done.corrected ? 'changed' : 'settled'}`)
