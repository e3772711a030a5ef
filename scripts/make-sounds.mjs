// Synthesises the app's sounds as 16-bit mono WAV files (no recorded material):
// node scripts/make-sounds.mjs  ->  assets/public/sounds/{click,win,bet,tick,lose,gem,bomb}.wav
import fs from 'node:fs'

const RATE = 22050

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2)
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2))
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(RATE, 24)
  header.writeUInt32LE(RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** A sine tone with an exponential decay envelope. */
function tone(freq, seconds, decay, gain = 0.6) {
  return Array.from({ length: Math.round(RATE * seconds) }, (_, i) => {
    const t = i / RATE
    return gain * Math.sin(2 * Math.PI * freq * t) * Math.exp(-t * decay) * Math.min(1, i / 40)
  })
}

/** A sine sweep from f0 to f1 (exponential), with a decay envelope; phase is integrated so it stays smooth. */
function sweep(f0, f1, seconds, decay, gain = 0.6) {
  const n = Math.round(RATE * seconds)
  let phase = 0
  return Array.from({ length: n }, (_, i) => {
    const t = i / RATE
    phase += (2 * Math.PI * f0 * Math.pow(f1 / f0, i / n)) / RATE
    return gain * Math.sin(phase) * Math.exp(-t * decay) * Math.min(1, i / 40)
  })
}

/** Low-passed noise from a fixed-seed generator, so the file is the same on every run. */
function noise(seconds, decay, gain = 0.6) {
  let seed = 0x2f6b1d3
  let last = 0
  return Array.from({ length: Math.round(RATE * seconds) }, (_, i) => {
    seed = (seed * 1103515245 + 12345) >>> 0
    const white = (seed / 0x100000000) * 2 - 1
    last += 0.18 * (white - last)
    return gain * 2.2 * last * Math.exp(-(i / RATE) * decay) * Math.min(1, i / 20)
  })
}

const mix = (...parts) => {
  const out = new Array(Math.max(...parts.map(([, s, off]) => s.length + off))).fill(0)
  for (const [g, s, off] of parts) s.forEach((v, i) => (out[i + off] += g * v))
  return out
}

fs.mkdirSync('assets/public/sounds', { recursive: true })
// A short, soft tap.
fs.writeFileSync('assets/public/sounds/click.wav', wav(mix([1, tone(1400, 0.06, 70, 0.5), 0], [0.5, tone(700, 0.06, 60, 0.5), 0])))
// A rising three-note chime (C6, E6, G6).
const step = Math.round(RATE * 0.09)
fs.writeFileSync('assets/public/sounds/win.wav', wav(mix([1, tone(1046.5, 0.4, 9), 0], [1, tone(1318.5, 0.4, 9), step], [1, tone(1568, 0.5, 7), step * 2])))
// Bet: a quick upward blip.
fs.writeFileSync('assets/public/sounds/bet.wav', wav(sweep(520, 980, 0.09, 30, 0.5)))
// Tick: a very short, dry click for counters.
fs.writeFileSync('assets/public/sounds/tick.wav', wav(tone(2200, 0.025, 180, 0.35)))
// Lose: a falling two-note figure.
fs.writeFileSync('assets/public/sounds/lose.wav', wav(mix([1, tone(392, 0.22, 12, 0.45), 0], [1, tone(311.1, 0.35, 9, 0.45), Math.round(RATE * 0.12)])))
// Gem: a bright glassy ping with a fifth above.
fs.writeFileSync('assets/public/sounds/gem.wav', wav(mix([1, tone(1760, 0.3, 14, 0.45), 0], [0.5, tone(2637, 0.25, 18, 0.45), Math.round(RATE * 0.03)])))
// Bomb: filtered noise burst over a low thump.
fs.writeFileSync('assets/public/sounds/bomb.wav', wav(mix([1, noise(0.5, 7, 0.55), 0], [1, sweep(120, 40, 0.45, 6, 0.8), 0])))
console.log('sounds written to assets/public/sounds')
