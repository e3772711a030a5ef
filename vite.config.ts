import react from '@vitejs/plugin-react'
import fs from 'node:fs'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'

/** Dev server only: the scene switcher's "save" writes a scene's tuning values to its JSON file. */
function tuningWriter(): Plugin {
  return {
    name: 'aposta-tuning-writer',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/__dev/tuning/', (req, res) => {
        const id = (req.url ?? '').replace(/^\//, '').replace(/[^\w-]/g, '')
        const file = path.resolve('src/client/scenes', id, `${id}.tuning.json`)
        if (req.method !== 'POST' || !id || !fs.existsSync(file)) {
          res.statusCode = 404
          return res.end()
        }
        let body = ''
        req.on('data', (chunk) => (body += chunk))
        req.on('end', () => {
          const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
          const next = JSON.parse(body) as Record<string, unknown>
          for (const key of Object.keys(current)) if (typeof next[key] === typeof current[key]) current[key] = next[key]
          fs.writeFileSync(file, JSON.stringify(current, null, 2) + '\n')
          res.end('{}')
        })
      })
    },
  }
}

const api = process.env.API_URL || 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tuningWriter()],
  publicDir: 'assets/public',
  // Source maps only in test builds (VITE_DEV_SCENES=1, for readable e2e traces); a production build publishes none.
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: process.env.VITE_DEV_SCENES === '1' },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/gamecenter-siop': { target: api, ws: true },
    },
  },
})
