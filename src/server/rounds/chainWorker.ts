import { Worker } from 'node:worker_threads'

/**
 * The worker's code, plain JavaScript run with `eval` (no TypeScript loader in worker threads):
 * link[0] = the seed, link[i] = SHA-256 hex of link[i - 1]'s text; it posts every `every`-th
 * link as a checkpoint (in batches, with progress), and the last link.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { createHash } = require('node:crypto')
const { seed, length, every } = workerData
let h = seed
let batch = []
for (let i = 0; i < length; i++) {
  if (i > 0) h = createHash('sha256').update(h, 'utf8').digest('hex')
  if (i % every === 0) batch.push(h)
  if (batch.length >= 100 || i === length - 1) {
    parentPort.postMessage({ kind: 'checkpoints', hashes: batch, done: i + 1 })
    batch = []
  }
}
parentPort.postMessage({ kind: 'end', last: h })
`

export interface GeneratedChain {
  /** link[0], link[every], link[2 x every] ... */
  checkpoints: string[]
  /** The last link: the terminating hash. */
  terminatingHash: string
}

/** Hashes a chain of `length` links from `seed` in a worker thread; `progress` hears how many links are done. */
export function generateChain(seed: string, length: number, every: number, progress?: (done: number) => void): Promise<GeneratedChain> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { seed, length, every } })
    const checkpoints: string[] = []
    worker.on('message', (m: { kind: 'checkpoints'; hashes: string[]; done: number } | { kind: 'end'; last: string }) => {
      if (m.kind === 'checkpoints') {
        checkpoints.push(...m.hashes)
        progress?.(m.done)
      } else {
        resolve({ checkpoints, terminatingHash: m.last })
        void worker.terminate()
      }
    })
    worker.on('error', reject)
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the chain worker exited with ${code}`))
    })
  })
}
