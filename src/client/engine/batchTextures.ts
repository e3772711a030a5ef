import { ExtensionType, extensions, GlLimitsSystem } from 'pixi.js'

/**
 * Textures one draw call may sample. Pixi's batch shaders pick a fragment's texture with an
 * if-chain over as many samplers as the GPU offers (32 in SwiftShader), branching on a varying; a
 * GPU that runs every side of such branches (SwiftShader does; so do some phone GPUs, which is why
 * Pixi 7 used 4 on phones) samples all of them for every pixel. With one texture per batch the
 * shaders have no branch at all. Our scenes use a handful of textures (white for shapes, a few
 * gradients, the text atlases), so the cost is a few more draw calls a frame. Measured with
 * scripts/bench-client.ts (BENCH_PROFILE) on /mines while betting, without CPU throttling: the
 * GPU process's swap 49 ms to 19 ms a frame, 39 to 58 fps (4 textures: 30 ms, 51 fps).
 */
const BATCH_TEXTURES = 1

/**
 * The WebGL renderer's limits, with the batch capped at BATCH_TEXTURES. Its lowest priority orders
 * it after every other system, so a new context reaches it once the context system has handed the
 * context to the renderer, however the bundle orders Pixi's WebGL module (the demo slot's worker
 * failed on 'getParameter' of undefined without it).
 */
class CappedLimitsSystem extends GlLimitsSystem {
  static override extension = { type: [ExtensionType.WebGLSystem], name: 'limits', priority: -100 } as const

  override contextChange(): void {
    super.contextChange()
    this.maxBatchableTextures = Math.min(this.maxBatchableTextures, BATCH_TEXTURES)
  }
}

let installed = false

/**
 * Installs the capped limits in place of Pixi's own: call before the first renderer is created
 * (a renderer reads its systems when it is built). Whether or not Pixi's WebGL renderer module
 * has loaded yet, the 'limits' name then belongs to CappedLimitsSystem.
 */
export function capBatchTextures(): void {
  if (installed) return
  installed = true
  extensions.remove(GlLimitsSystem)
  extensions.add(CappedLimitsSystem)
}
