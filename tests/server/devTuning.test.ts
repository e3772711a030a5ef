import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../src/server/app'
import { SCENES_DIR } from '../../src/server/dev/tuningFiles'
import { tuningRouteOn } from '../../src/server/dev/tuningRoute'
import { devTuningSave } from '../../src/shared/contract/devTuning'
import { call, startTestApp, type TestApp } from './testApp'

/**
 * The dev scene switcher's save through the server (server/dev/tuningRoute.ts): only outside
 * production and for a test build, writing only the known keys of an existing scene's tuning
 * file. DEV_TUNING_DIR points it at a temp folder, so the scenes' own files stay as they are.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-tuning-'))
const testBuild = path.join(tmp, 'client-test')
const into = path.join(tmp, 'tuning')
const ownFile = path.join(SCENES_DIR, 'double', 'double.tuning.json')
const ownBefore = fs.readFileSync(ownFile, 'utf8')
let t: TestApp
let prod: App | null = null
const envBefore = { flag: process.env.DEV_SCENE_TUNING, dir: process.env.DEV_TUNING_DIR }

beforeAll(async () => {
  // A test build as scripts/start.mjs leaves it (VITE_DEV_SCENES=1): the page and its flavour marker.
  fs.mkdirSync(testBuild)
  fs.writeFileSync(path.join(testBuild, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>')
  fs.writeFileSync(path.join(testBuild, '.flavour'), 'test')
  process.env.DEV_TUNING_DIR = into
  delete process.env.DEV_SCENE_TUNING
  t = await startTestApp({}, { CLIENT_DIR: testBuild })
})

afterAll(async () => {
  await prod?.close()
  await t?.close()
  process.env.DEV_SCENE_TUNING = envBefore.flag
  process.env.DEV_TUNING_DIR = envBefore.dir
  if (envBefore.flag === undefined) delete process.env.DEV_SCENE_TUNING
  if (envBefore.dir === undefined) delete process.env.DEV_TUNING_DIR
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('the tuning route', () => {
  it('saves only the known keys of the scene, each of its own kind, into the tuning folder', async () => {
    const res = await call(t, devTuningSave, { params: { scene: 'double' }, body: { values: { spinTurns: 7, easePower: '#ffffff', redColor: '#aa0011', madeUp: 3 } } })
    expect(res.http, res.raw).toBe(200)
    const file = path.join(into, 'double', 'double.tuning.json')
    expect(res.body.data.file).toBe(file)
    const written = JSON.parse(fs.readFileSync(file, 'utf8'))
    // The knob of the wrong kind keeps its value; the unknown key is not added.
    expect(written).toEqual({ ...JSON.parse(ownBefore), spinTurns: 7, redColor: '#aa0011' })
    expect(res.body.data.values).toEqual(written)
    // A second save starts from the copy.
    const again = await call(t, devTuningSave, { params: { scene: 'double' }, body: { values: { easePower: 5 } } })
    expect(again.body.data.values).toMatchObject({ spinTurns: 7, easePower: 5, redColor: '#aa0011' })
    expect(fs.readFileSync(ownFile, 'utf8')).toBe(ownBefore)
  })

  it('refuses an unknown scene (404), a bad colour, a bad knob name and a scene name that climbs folders (400)', async () => {
    const unknown = await call(t, devTuningSave, { params: { scene: 'roulette' }, body: { values: { spinTurns: 2 } } })
    expect([unknown.http, unknown.body.status]).toEqual([404, 1404])
    expect(unknown.body.msg).toBe('Endereço não encontrado')
    for (const [scene, values] of [['double', { redColor: 'red' }], ['double', { 'spin.turns': 2 }], ['double', { spinTurns: '4' }], ['..%2Fdice', { rollMs: 100 }]] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/dev/tuning/${scene}`, headers: { 'content-type': 'application/json', lang: 'pt_BR' }, payload: JSON.stringify({ values }) })
      expect([res.statusCode, res.json().status], res.body).toEqual([400, 400])
    }
    const noValues = await call(t, devTuningSave, { params: { scene: 'double' }, body: { spinTurns: 2 } })
    expect(noValues.http).toBe(400)
    expect(fs.readFileSync(ownFile, 'utf8')).toBe(ownBefore)
  })

  it('is not there in production, even for a test build with DEV_SCENE_TUNING=1', async () => {
    process.env.DEV_SCENE_TUNING = '1'
    try {
      prod = await buildApp({ ...t.config, production: true, appMode: 'production', captchaFixedAnswer: null }, { db: t.db })
    } finally {
      delete process.env.DEV_SCENE_TUNING
    }
    const res = await prod.inject({ method: 'POST', url: '/api/dev/tuning/double', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ values: { spinTurns: 9 } }) })
    expect([res.statusCode, res.json().status]).toEqual([404, 1404])
    expect(JSON.parse(fs.readFileSync(path.join(into, 'double', 'double.tuning.json'), 'utf8')).spinTurns).toBe(7)
    expect(fs.readFileSync(ownFile, 'utf8')).toBe(ownBefore)
  })

  it('is there for a test build or DEV_SCENE_TUNING=1, never in production, and DEV_SCENE_TUNING=0 turns it off', () => {
    const normalBuild = path.join(tmp, 'client-normal')
    fs.mkdirSync(normalBuild)
    fs.writeFileSync(path.join(normalBuild, '.flavour'), 'production')
    expect(tuningRouteOn({ production: false, clientDir: testBuild }, {})).toBe(true)
    expect(tuningRouteOn({ production: false, clientDir: normalBuild }, {})).toBe(false)
    expect(tuningRouteOn({ production: false, clientDir: null }, {})).toBe(false)
    expect(tuningRouteOn({ production: false, clientDir: normalBuild }, { DEV_SCENE_TUNING: '1' })).toBe(true)
    expect(tuningRouteOn({ production: false, clientDir: testBuild }, { DEV_SCENE_TUNING: '0' })).toBe(false)
    expect(tuningRouteOn({ production: true, clientDir: testBuild }, { DEV_SCENE_TUNING: '1' })).toBe(false)
  })
})
