/**
 * The mode the server will most likely report (the build's APP_MODE, demo when unset: vite.config's
 * APP_MODE_HINT). What depends on the mode paints from the first frame on this guess, so the
 * server's answer (appInfo, after the load) moves nothing: the demo ribbon, the sportsbook's note
 * that its matches are simulated.
 */
export const demoExpected = (): boolean => import.meta.env.APP_MODE_HINT === 'demo'
