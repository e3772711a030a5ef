// Synthesises the app's sounds as 16-bit mono WAV files (no recorded material):
// node scripts/make-sounds.mjs  ->  assets/public/sounds/{click,win}.wav
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
console.log('sounds written to assets/public/sounds')
