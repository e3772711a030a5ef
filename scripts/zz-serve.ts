import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import fs from 'node:fs'
const dataDir = fs.mkdtempSync('/work/tmp/lh/data-')
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG: '0', CLIENT_DIR: '/work/tmp/lh/dist', DEMO_PROVIDER_DIR: '/work/tmp/lh/nodp', APP_MODE: 'demo' }))
await app.listen({ port: 3300, host: '127.0.0.1' })
console.log('listening')
